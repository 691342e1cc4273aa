import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BufferedLogDestination } from '../../../src/lib/log-destination';

const LOGGER = resolve(__dirname, '../../../src/lib/logger.ts');

/** Waits until `read()` satisfies `ok`, polling; fails after `ms` (a bound, not a measured time). */
async function eventually(read: () => string, ok: (text: string) => boolean, ms = 10_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = read();
    if (ok(text) || Date.now() > deadline) return text;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('BufferedLogDestination', () => {
  let dir: string;
  let fd: number;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
    file = join(dir, 'log');
    fd = openSync(file, 'a');
  });
  afterEach(() => {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a line of a quiet logger without waiting for a full batch', async () => {
    const destination = new BufferedLogDestination(fd, { flushMs: 50 });
    try {
      destination.write('{"msg":"alone"}\n');
      expect(await eventually(() => readFileSync(file, 'utf8'), (t) => t.length > 0)).toBe('{"msg":"alone"}\n');
    } finally {
      destination.flushSync();
    }
  });

  const lines = Array.from({ length: 50 }, (_, i) => `{"n":${i},"text":"${'é'.repeat(i % 7)}"}\n`);

  it('writes every line in order, in batches, and what is pending on flushSync', () => {
    const destination = new BufferedLogDestination(fd, { batchChars: 1 << 20, flushMs: 60_000 });
    for (const line of lines) destination.write(line);
    expect(readFileSync(file, 'utf8')).toBe('');
    destination.flushSync();
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('writes full batches as they fill, in order, and the rest on flush', async () => {
    const destination = new BufferedLogDestination(fd, { batchChars: 64, flushMs: 60_000 });
    for (const line of lines) destination.write(line);
    await new Promise<void>((resolve, reject) => destination.flush((err) => (err ? reject(err) : resolve())));
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('listens for the process exit only while lines are pending', () => {
    const listening = () => process.listenerCount('exit');
    const before = listening();
    const destinations = Array.from({ length: 20 }, () => new BufferedLogDestination(fd, { flushMs: 60_000 }));
    expect(listening()).toBe(before);
    destinations[0]!.write('{"msg":"pending"}\n');
    expect(listening()).toBe(before + 1);
    destinations[0]!.flushSync();
    expect(listening()).toBe(before);
    expect(readFileSync(file, 'utf8')).toBe('{"msg":"pending"}\n');
  });

  // The logger's default destination (stderr) in a process of its own, ended three ways: every
  // line logged before the end is on stderr, though none filled a batch or waited for the timer.
  it.each([
    ['process.exit', 'process.exit(3)'],
    ['an uncaught error', 'setImmediate(() => { throw new Error("fatal") })'],
    ['the end of the event loop', ''],
  ])('flushes the default destination at exit by %s', (_how, ending) => {
    const script = `const { createLogger } = require(${JSON.stringify(LOGGER)});
      const logger = createLogger('info');
      logger.info('first', { n: 1 });
      logger.warn('last', { n: 2 });
      ${ending}`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', cwd: resolve(__dirname, '../../..') });
    const lines = child.stderr.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; n: number });
    expect(lines.map((l) => [l.msg, l.n])).toEqual([['first', 1], ['last', 2]]);
  });
});
