/**
 * JSON Pointer (RFC 6901) on parsed JSON: `/stream_options/include_usage`, `/messages/0/content`,
 * `~1` for `/` and `~0` for `~` inside a name, `-` for "after the last element" of an array.
 */

/** A pointer's reference tokens; undefined when the text is not a pointer ("" is the whole document). */
export function parseJsonPointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/');
  for (const token of tokens) {
    // `~` must be followed by 0 or 1 (RFC 6901 section 3).
    for (let i = token.indexOf('~'); i !== -1; i = token.indexOf('~', i + 1)) {
      const next = token[i + 1];
      if (next !== '0' && next !== '1') return undefined;
    }
  }
  return tokens.map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === 'object' && v !== null;
}

function arrayIndex(token: string, length: number, appending: boolean): number | undefined {
  if (token === '-') return appending ? length : undefined;
  if (!/^(?:0|[1-9]\d{0,8})$/.test(token)) return undefined;
  const index = Number(token);
  return index < length || (appending && index === length) ? index : undefined;
}

/**
 * Sets the value at `tokens` (adding or replacing it), creating missing objects on the way.
 * Returns false when the path cannot exist (through a string, or an array index out of range).
 */
export function setAtPointer(document: Container, tokens: readonly string[], value: unknown): boolean {
  // Assigning `__proto__` would change an object's prototype rather than add a member.
  if (tokens.length === 0 || tokens.includes('__proto__')) return false;
  let node: Container = document;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i]!;
    if (Array.isArray(node)) {
      const index = arrayIndex(token, node.length, false);
      if (index === undefined) return false;
      const child = node[index];
      if (!isContainer(child)) return false;
      node = child;
    } else {
      let child = node[token];
      if (child === undefined || child === null) node[token] = child = {};
      if (!isContainer(child)) return false;
      node = child;
    }
  }
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(node)) {
    const index = arrayIndex(last, node.length, true);
    if (index === undefined) return false;
    node[index] = value;
  } else {
    node[last] = value;
  }
  return true;
}

/** Removes the value at `tokens`; false when there was none. */
export function removeAtPointer(document: Container, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return false;
  let node: unknown = document;
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!isContainer(node)) return false;
    const token = tokens[i]!;
    if (Array.isArray(node)) {
      const index = arrayIndex(token, node.length, false);
      if (index === undefined) return false;
      node = node[index];
    } else {
      node = Object.hasOwn(node, token) ? node[token] : undefined;
    }
  }
  if (!isContainer(node)) return false;
  const last = tokens[tokens.length - 1]!;
  if (Array.isArray(node)) {
    const index = arrayIndex(last, node.length, false);
    if (index === undefined) return false;
    node.splice(index, 1);
    return true;
  }
  if (!Object.hasOwn(node, last)) return false;
  delete node[last];
  return true;
}
