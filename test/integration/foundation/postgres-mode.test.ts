import { startTestApp } from '../../support/test-app';

describe('PostgreSQL mode (DATABASE_URL)', () => {
  it('boots on a real server with the same behaviour, and a second instance shares the database', async () => {
    const app = await startTestApp();
    const second = await startTestApp({}, { database: app.database });
    try {
      expect(app.server.services.embedded).toBe(false);
      for (const url of [app.url, second.url]) {
        const res = await fetch(`${url}/v1/models`);
        expect(res.status).toBe(401);
        const health = await fetch(`${url}/healthz`);
        expect(await health.json()).toEqual({ status: 'ok' });
      }
      expect(second.server.seed.adminId).toBe(app.server.seed.adminId);
    } finally {
      await second.close();
      await app.close();
    }
  });
});
