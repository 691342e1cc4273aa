/** A parsed RFC 2397 `data:` URL. `data` is left as it came (base64 text when `base64`). */
export interface DataUrl {
  mediaType: string;
  base64: boolean;
  data: string;
}

export function parseDataUrl(url: string): DataUrl | null {
  if (!url.startsWith('data:')) return null;
  const comma = url.indexOf(',');
  if (comma === -1) return null;
  const params = url.slice(5, comma).split(';');
  const mediaType = (params[0] ?? '').trim().toLowerCase() || 'text/plain';
  const base64 = params.slice(1).some((p) => p.trim().toLowerCase() === 'base64');
  return { mediaType, base64, data: url.slice(comma + 1) };
}
