/**
 * Pages of a PDF counted from its page objects (`/Type /Page`, not `/Pages`), by one linear scan
 * of the bytes with no parser: good enough to size a hold where a vendor bills per page. Null
 * when the bytes are not a PDF or no page is found (compressed object streams hide them), so
 * the caller falls back to the context length; at most `cap`, past which the count stops.
 */
export function pdfPageCount(data: Uint8Array, cap = 10_000): number | null {
  if (data.length < 5 || String.fromCharCode(...data.subarray(0, 5)) !== '%PDF-') return null;
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  let pages = 0;
  for (let at = text.indexOf('/Type'); at !== -1 && pages < cap; at = text.indexOf('/Type', at + 5)) {
    let i = at + 5;
    while (i < text.length && (text[i] === ' ' || text[i] === '\r' || text[i] === '\n' || text[i] === '\t')) i++;
    if (text.startsWith('/Page', i) && !/[A-Za-z0-9]/.test(text[i + 5] ?? '')) pages++;
  }
  return pages > 0 ? pages : null;
}
