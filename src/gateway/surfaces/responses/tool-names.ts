// Codex groups some of its function tools under `namespace` tools (`multi_agent_v1` holding
// `spawn_agent`, `close_agent`...), and a call to one comes back as a `function_call` item with
// `name` and `namespace`. Chat completions has no namespaces, so each nested function travels as
// one flat chat function named `<namespace>__<name>` and is split again on the way out. Only names
// the request itself declared are split, so a plain function whose name contains `__` is untouched.

const SEPARATOR = '__';

export function flatToolName(namespace: string, name: string): string {
  return `${namespace}${SEPARATOR}${name}`;
}

interface NamespaceTool {
  type: 'namespace';
  name: string;
  tools: Array<{ type?: unknown; name?: unknown }>;
}

function isNamespaceTool(tool: unknown): tool is NamespaceTool {
  const t = tool as Partial<NamespaceTool> | null;
  return !!t && t.type === 'namespace' && typeof t.name === 'string' && Array.isArray(t.tools);
}

/** The `name` (and `namespace`, where the request declared one) of a chat function call, for a Responses item. */
export function responsesToolName(raw: Record<string, unknown>, chatName: string): { name: string; namespace?: string } {
  const tools = Array.isArray(raw.tools) ? raw.tools : [];
  for (const tool of tools) {
    if (!isNamespaceTool(tool)) continue;
    for (const fn of tool.tools) {
      if (typeof fn.name === 'string' && flatToolName(tool.name, fn.name) === chatName) return { name: fn.name, namespace: tool.name };
    }
  }
  return { name: chatName };
}
