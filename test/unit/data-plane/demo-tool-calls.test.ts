import { demoToolCalls } from '../../../src/demo/fake-upstream/vendor-helpers';

// The embedded demo's agent turn, as coding assistants drive it (see vendor-helpers.ts).

const BASH = { name: 'Bash', schema: { type: 'object', properties: { command: { type: 'string' }, timeout: { type: 'number' } }, required: ['command'] } };
const TASK = { name: 'Task', schema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] } };

describe('demoToolCalls', () => {
  it('calls the tool the prompt names, with its first backticked phrase as the string arguments', () => {
    const [call] = demoToolCalls([TASK, BASH], 'Use the Bash tool to run `echo hi`');
    expect(call).toMatchObject({ name: 'Bash', arguments: JSON.stringify({ command: 'echo hi' }) });
  });

  it('ignores what context blocks say about tools, so a plain prompt gets no tool call (Claude Code would loop)', () => {
    const prompt = '<system-reminder>\nYou have these tools available: Task, Bash\n</system-reminder>Say hello';
    expect(demoToolCalls([TASK, BASH], prompt)).toEqual([]);
  });

  it('falls back to the first offered tool with the prompt as its argument', () => {
    const [call] = demoToolCalls([TASK, BASH], 'Use a tool please');
    expect(call).toMatchObject({ name: 'Task', arguments: JSON.stringify({ prompt: 'Use a tool please' }) });
  });
});
