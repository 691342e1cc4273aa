import { redactSecrets } from '../../../src/lib/secret-redaction';

describe('redactSecrets', () => {
  it('replaces the known key and key-like tokens, and keeps the rest of the message', () => {
    expect(redactSecrets('Incorrect API key provided: abcd-1234-known.', ['abcd-1234-known'])).toBe('Incorrect API key provided: [redacted].');
    expect(redactSecrets('Incorrect API key provided: sk-proj-ab**********wxyz. See docs')).toBe('Incorrect API key provided: [redacted] See docs');
    expect(redactSecrets('API key not valid: AIzaSyD-abcdefghijklmnop')).toBe('API key not valid: [redacted]');
    expect(redactSecrets('got Authorization: Bearer abc.def')).toBe('got Authorization: Bearer [redacted]');
    expect(redactSecrets(`token ${'x1'.repeat(20)} refused`)).toBe('token [redacted] refused');
    expect(redactSecrets('model gpt-4o-mini not found (HTTP 404)')).toBe('model gpt-4o-mini not found (HTTP 404)');
  });

  it('runs in linear time on hostile text', () => {
    for (const hostile of ['a'.repeat(31) + ' ', 'sk-' + '.'.repeat(5) + ' ', 'Bearer ', '-'].map((unit) => unit.repeat(200_000 / unit.length))) {
      const started = performance.now();
      redactSecrets(hostile);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
