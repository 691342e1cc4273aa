/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF (LF accepted on input), a field
 * quoted when it holds a comma, quote, CR or LF, quotes doubled inside quotes.
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

/** One field, quoted only when it must be. */
export function csvField(value: string | number | bigint | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRecord(values: ReadonlyArray<string | number | bigint | boolean | Date | null | undefined>): string {
  return values.map(csvField).join(',') + '\r\n';
}
