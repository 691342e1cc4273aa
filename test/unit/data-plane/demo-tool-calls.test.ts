import { demoToolCalls, withoutTaggedBlocks } from '../../../src/demo/fake-upstream/vendor-helpers';

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

describe('withoutTaggedBlocks', () => {
  it('cuts each block at the first close tag of its own name, as the lazy regex did', () => {
    expect(withoutTaggedBlocks('a<x>1</x>b<y>2<z>3</z></y>c<q>open')).toBe('a b c<q>open');
    expect(withoutTaggedBlocks('<a>1</a>2</a>')).toBe(' 2</a>');
    expect(withoutTaggedBlocks('<a><a>1</a>x</a>')).toBe(' x</a>');
    expect(withoutTaggedBlocks('no tags')).toBe('no tags');
  });
});
