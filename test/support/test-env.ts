/** The PostgreSQL server the suite creates its databases on (CI: the local server on 5432). */
export function adminDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
}

export function databaseUrl(name: string): string {
  const url = new URL(adminDatabaseUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Set by global-setup so parallel jest runs on one server never share databases. */
export function testRunId(): string {
  const id = process.env.GW_TEST_RUN;
  if (!id) throw new Error('GW_TEST_RUN is not set: run the tests through jest (global-setup sets it)');
  return id;
}

export const templateDatabaseName = (runId: string) => `gw_tpl_${runId}`;
