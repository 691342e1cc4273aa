import { Client } from 'pg';
import { adminDatabaseUrl, testRunId } from './test-env';

export default async function globalTeardown(): Promise<void> {
  const runId = testRunId();
  const admin = new Client({ connectionString: adminDatabaseUrl() });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like $1 or datname like $2`,
    [`gw_t_${runId}_%`, `gw_tpl_${runId}`],
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  await admin.end();
}
