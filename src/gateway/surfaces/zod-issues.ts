import type { z } from 'zod';

/** `messages[0].content[1].text`: the path of a zod issue as the vendors name fields in errors. */
export function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}

/** The first issue of a failed parse, as "field: what is wrong". */
export function firstIssue(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0]!;
  const field = fieldPath(issue.path) || 'body';
  return { field, message: `${field}: ${issue.message}` };
}
