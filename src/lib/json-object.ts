/** Parses text that must hold a JSON object; undefined for anything else (invalid JSON, arrays, scalars). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return undefined;
}
