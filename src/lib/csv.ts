/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF accepted on input), a field
 * quoted when it holds a comma, quote, CR or LF, quotes doubled inside quotes. Written fields
 * that a spreadsheet would run as a formula are prefixed with `'` (csvField).
 */

/** Parses a whole document into records of fields; a trailing line break adds no record. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // spreadsheet exports often start with a BOM
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') endRecord();
    else if (c === '\r') {
      if (text[i + 1] === '\n') i++;
      endRecord();
    } else field += c;
  }
  if (field !== '' || record.length > 0 || quoted) endRecord();
  return records;
}

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * A spreadsheet runs a cell that begins with = + - @ tab or CR as a formula, and exported cells
 * hold what callers typed (a model name, a memo): `=HYPERLINK(...)` would send the reader's data
 * elsewhere. Such cells get a leading `'`, as OWASP recommends; plain numbers (a negative amount)
 * are left as they are, since a spreadsheet reads them as numbers and nothing else.
 */
function neutralised(text: string): string {
  return FORMULA_START.has(text.charAt(0)) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** One field, quoted only when it must be, never read as a formula. */
export function csvField(value: string | number | bigint | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : neutralised(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRecord(values: ReadonlyArray<string | number | bigint | boolean | Date | null | undefined>): string {
  return values.map(csvField).join(',') + '\r\n';
}
