import { UsageLogWriter } from '../../../src/domain/usage/usage-log-writer';
import { RECONSTRUCTED_FROM_CHARGE } from '../../../src/domain/usage/usage-reconstruction';
import { createToken, createUser, newBilling, openBillingDb, requestId, silentLogger, type BillingDb } from './billing-fixtures';

// Issue 15, item 4: a charge commits before its usage row, which waits in the writer's in-memory
// batch; a process killed in between left charges the usage log did not show. Every charge must
// end with exactly one usage row, and the request's own row wins if it still arrives.

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(() => db.close());

async function usageRowsOf(id: string): Promise<Array<{ cost: string; error_code: string | null; model_id: string | null; outcome: string }>> {
  return db.sql(`select cost::text as cost, error_code, model_id, outcome from usage_logs where request_id = ?`, [id]);
}

describe('charges whose usage row was lost', () => {
  it('get exactly one usage row rebuilt from the charge, which the request\'s own row replaces if it arrives', async () => {
    const userId = await createUser(db, 100_000n);
    const tokenId = await createToken(db, userId);
    const crashed = await newBilling(db);
    const ids = [requestId(), requestId(), requestId()];
    for (const id of ids) {
      const held = await crashed.billing.reserve({ requestId: id, userId, tokenId, tier: 'FREE', amount: 1_000n });
      if (!held.ok) throw new Error('fixture reserve failed');
      await crashed.billing.settle(held.reservation, 400n);
    }
    // ...and the process died before its usage batch was written.
    const restarted = await newBilling(db);
    expect(await restarted.instance.usageReconstruction.run(0)).toBeGreaterThanOrEqual(3);
    for (const id of ids) {
      expect(await usageRowsOf(id)).toEqual([{ cost: '400', error_code: RECONSTRUCTED_FROM_CHARGE, model_id: null, outcome: 'SUCCESS' }]);
    }
    // A second pass finds nothing more to do.
    expect(await restarted.instance.usageReconstruction.run(0)).toBe(0);

    // A late row of the request itself (its process was only slow) replaces the rebuilt one.
    const writer = new UsageLogWriter(db.sql, silentLogger);
    writer.write({
      requestId: ids[0]!, userId, tokenId, groupName: 'default', modelId: 'gpt-4o-mini', attempts: [], channelId: null, stream: false,
      promptTokens: 10, completionTokens: 20, cachedTokens: 0, audioMs: 0, cost: 400n, bucket: 'FREE', subscriptionId: null,
      outcome: 'SUCCESS', httpStatus: 200, errorCode: null, latencyMs: 5, ttftMs: null, createdAt: new Date(), surface: 'chat.completions',
    });
    await writer.close();
    expect(await usageRowsOf(ids[0]!)).toEqual([{ cost: '400', error_code: null, model_id: 'gpt-4o-mini', outcome: 'SUCCESS' }]);
    await Promise.all([crashed.billing.close(), restarted.billing.close()]);
  });
});
