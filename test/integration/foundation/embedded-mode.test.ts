import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config';
import { DataDirLockedError } from '../../../src/db/data-dir-locked-error';
import { Token, User } from '../../../src/db/entities';
import { usageStats } from '../../../src/domain/usage/usage-stats.service';
import { startServer, type RunningServer } from '../../../src/server';

/** PGlite (wasm) applies every migration to a fresh directory: about 20 s on an idle 2-core machine, several times that when the machine is busy. */
const EMBEDDED_BOOT_MS = 300_000;

// One test file boots PGlite: it is slow (several seconds per cold start), so the whole
// embedded story is one sequence: first start, a second process refused, restart, data still there.
const dataDir = mkdtempSync(join(tmpdir(), 'gw-embedded-'));
const env = { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ADMIN_EMAIL: 'owner@example.com' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('embedded database (no DATABASE_URL)', () => {
  let first: RunningServer;
  let generatedPassword: string | undefined;
  let demoKey: string | undefined;

  it('boots, migrates, seeds, creates the admin with a generated password and a demo key', async () => {
    first = await startServer(loadConfig(env));
    expect(first.services.embedded).toBe(true);
    generatedPassword = first.seed.generatedAdminPassword;
    demoKey = first.demoKey;
    expect(generatedPassword).toBeDefined();
    expect(demoKey).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  }, EMBEDDED_BOOT_MS);

  it('answers /v1/models with 401 without a key and serves /graphql', async () => {
    const res = await fetch(`${first.url}/v1/models`);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_api_key');
    const gql = await fetch(`${first.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ vendors { slug } }' }),
    });
    expect(gql.status).toBe(200);
    expect((await gql.json()).data.vendors.length).toBeGreaterThan(0);
  });

  it('keeps the statistics\' summaries with its job (marks, claim, refresh) as on a server', async () => {
    const sql = <T>(text: string) => first.services.orm.em.getConnection().execute<T[]>(text);
    await sql(`insert into usage_logs (request_id, user_id, model_id, surface, cost, outcome, http_status, created_at)
               select 'embedded-' || g, 1, 'gpt-4o-mini', 'chat.completions', 10 * g, 'SUCCESS', 200, '2026-11-20T08:00:00Z'::timestamptz + g * interval '17 minutes'
                 from generate_series(1, 40) g`);
    const run = await first.services.usageSummaries.run();
    expect(run).toEqual({ hours: expect.any(Number), refreshed: true, blocks: expect.any(Number) });
    // The day is over, so its blocks of days (by user and by token) are built here too.
    expect(run.blocks).toBeGreaterThan(0);
    const [left] = await sql<{ n: string | number }>(`select count(*) as n from usage_summary_dirty`);
    expect(Number(left!.n)).toBe(0);
    const query = { from: new Date('2026-11-20T00:00:00Z'), to: new Date('2026-11-21T12:00:00Z'), userId: null, timezone: 'Asia/Shanghai' };
    for (const groupBy of [['DAY'], ['MODEL'], ['USER']] as const) {
      const em = first.services.orm.em.fork();
      const stats = await usageStats(em, { ...query, groupBy });
      expect(stats).toEqual(await usageStats(em, { ...query, groupBy }, { source: 'raw' }));
      expect(stats.totals.requests).toBe(40);
    }
  });

  it('refuses a second process on the same data directory', async () => {
    const em = first.services.orm.em.fork();
    em.create(User, { email: 'persisted@example.com', passwordHash: 'x', freeQuota: 42n });
    await em.flush();
    await expect(startServer(loadConfig(env))).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('keeps the data, the admin password and the demo key across a restart', async () => {
    await first.close();
    const second = await startServer(loadConfig(env));
    try {
      expect(second.seed.adminCreated).toBe(false);
      expect(second.seed.generatedAdminPassword).toBeUndefined();
      expect(second.demoKey).toBe(demoKey);
      const em = second.services.orm.em.fork();
      expect((await em.findOneOrFail(User, { email: 'persisted@example.com' })).freeQuota).toBe(42n);
      expect(await em.count(Token, { name: 'demo key' })).toBe(1);
    } finally {
      await second.close();
    }
  }, EMBEDDED_BOOT_MS);
});
