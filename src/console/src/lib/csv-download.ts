import { readSession } from './session';

/**
 * Downloads a CSV export with the session token. A plain link cannot carry the Authorization
 * header, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadCsv(path: string, params: Record<string, string | null | undefined>, filename: string): Promise<void> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const session = readSession();
  const res = await fetch(`${path}?${query.toString()}`, {
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
