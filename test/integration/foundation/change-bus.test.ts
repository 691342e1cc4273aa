import { createLogger } from '../../../src/lib/logger';
import { PostgresChangeBus, type ChangeEvent } from '../../../src/lib/change-bus';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function nextEvent(bus: PostgresChangeBus): Promise<ChangeEvent> {
  return new Promise((resolve) => {
    const off = bus.subscribe((e) => {
      off();
      resolve(e);
    });
  });
}

describe('PostgresChangeBus', () => {
  it('delivers a change to this process at once and to another process through NOTIFY', async () => {
    const logger = createLogger('silent');
    const a = await PostgresChangeBus.connect({ connectionString: database.url }, logger);
    const b = await PostgresChangeBus.connect({ connectionString: database.url }, logger);
    try {
      const seenByA: ChangeEvent[] = [];
      a.subscribe((e) => seenByA.push(e));
      const atB = nextEvent(b);
      await a.publish({ topic: 'token', id: 'abc' });
      expect(seenByA).toEqual([{ topic: 'token', id: 'abc' }]); // synchronous, local
      await expect(atB).resolves.toEqual({ topic: 'token', id: 'abc' });
      await new Promise((r) => setTimeout(r, 100));
      expect(seenByA).toHaveLength(1); // its own notification is not applied twice
    } finally {
      await a.close();
      await b.close();
    }
  });
});
