import { sqlLiteral } from '../../../src/db/sql-runner';
import { BillingStatementQueue, type CallGroup } from '../../../src/domain/billing/billing-statement-queue';
import { createSubscription, createToken, createUser, openBillingDb, recording, requestId, type BillingDb } from './billing-fixtures';

// gw_lease_charge_many charges a busy key's queued charges out of its lease in one call. Each
// charge must come out exactly as gw_lease_charge_try would make it had the charges run one
// after another: so every case below is run both ways on two identical worlds (a user or a
// subscription, a key, a lease) and the answers, the rows and the ledgers compared.

let db: BillingDb;
beforeAll(async () => {
  db = await openBillingDb();
});
afterAll(async () => {
  await db.close();
});

interface World {
  userId: number;
  tokenId: number;
  subscriptionId: number | null;
  lease: string;
}

interface Charge {
  /** Index into the case's request ids, so both worlds charge "the same" request. */
  request: number;
  cost: bigint;
  hold: bigint;
}

interface Case {
  free: bigint;
  subscription?: bigint;
  tokenCap?: bigint;
  lease: bigint;
  /** Requests charged before the batch (so the batch finds them already charged). */
  before?: Charge[];
  /** The lease row is gone by the time the batch runs. */
  leaseGone?: boolean;
  batch: Charge[];
}

async function world(c: Case): Promise<World> {
  const userId = await createUser(db, c.free);
  const tokenId = await createToken(db, userId, c.tokenCap ?? null);
  const subscriptionId = c.subscription === undefined ? null : await createSubscription(db, userId, { quota: c.subscription });
  const lease = requestId();
  const [row] = await db.sql<{ r_ok: boolean }>(`select * from gw_reserve_spare(?, ?, ?, ?, ?, 'groups-test', true)`, [
    lease, userId, tokenId, subscriptionId === null ? 'FREE' : 'SVIP', c.lease.toString(),
  ]);
  if (!row!.r_ok) throw new Error('fixture lease refused');
  return { userId, tokenId, subscriptionId, lease };
}

const shared = (w: World) =>
  `${sqlLiteral(w.lease)}, ${w.userId}, ${w.tokenId}, ${sqlLiteral(w.subscriptionId === null ? 'FREE' : 'SUBSCRIPTION')}, ${sqlLiteral(w.subscriptionId)}`;

/** One charge alone, as the queue sends a lone call inside a script. */
async function chargeAlone(w: World, id: string, charge: Charge): Promise<Record<string, unknown>> {
  const [, [row]] = await db.script(`begin;select * from gw_lease_charge_try(${sqlLiteral(w.lease)}, ${sqlLiteral(id)}, ${w.userId}, ${w.tokenId}, ` +
    `${sqlLiteral(w.subscriptionId === null ? 'FREE' : 'SUBSCRIPTION')}, ${sqlLiteral(w.subscriptionId)}, ${charge.cost}, ${charge.hold}, true);commit;`).then((r) => [r[0], r[1]!]);
  return row!;
}

async function chargeMany(w: World, ids: string[], charges: Charge[]): Promise<Array<Record<string, unknown>>> {
  const arrays = `array[${ids.map((id) => sqlLiteral(id)).join(',')}]::varchar[], array[${charges.map((c) => c.cost).join(',')}]::bigint[], array[${charges.map((c) => c.hold).join(',')}]::bigint[]`;
  // Counts, inside the transaction, the calls of the one-by-one fallback: it gives the same
  // answers, so only this tells a batch that fell back (on an error) from one that did not.
  // (The counter may still hold calls of the connection's earlier transactions: hence the difference.)
  const calls = `select coalesce(pg_stat_get_xact_function_calls('gw_lease_charge_try'::regproc), 0)::int as calls`;
  const results = await db.script(
    `begin;set local track_functions = 'pl';${calls};select * from gw_lease_charge_many(${shared(w)}, true, ${arrays});${calls};commit;`,
  );
  const count = (i: number) => (results[i]![0] as { calls: number }).calls;
  fellBack = count(4) > count(2);
  return results[3]!;
}
let fellBack = false;

/** Everything a charge can change, with the world's own ids replaced by positions. */
async function stateOf(w: World, ids: string[]) {
  const [user] = await db.sql<{ free_quota: string; free_reserved: string }>(`select free_quota, free_reserved from users where id = ?`, [w.userId]);
  const [token] = await db.sql<{ used_quota: string; reserved_quota: string }>(`select used_quota, reserved_quota from tokens where id = ?`, [w.tokenId]);
  const [lease] = await db.sql<{ amount: string }>(`select amount from quota_reservations where request_id = ?`, [w.lease]);
  const subscription = w.subscriptionId === null ? [] : await db.sql(`select quota_used, quota_reserved from subscriptions where id = ?`, [w.subscriptionId]);
  const ledger = await db.sql<{ request_id: string; amount: string; balance_after: string; bucket: string; memo: string | null }>(
    `select request_id, amount, balance_after, bucket, memo from ledger_entries where user_id = ? and kind = 'USAGE_CHARGE' order by id`, [w.userId],
  );
  return {
    user, token, lease: lease?.amount ?? null, subscription,
    ledger: ledger.map((l) => ({ ...l, request_id: ids.indexOf(l.request_id) })),
  };
}

/** Runs the case one charge at a time on one world and as one call on another; both must agree. */
async function bothWays(c: Case) {
  const alone = await world(c);
  const grouped = await world(c);
  const size = Math.max(...[...c.batch, ...(c.before ?? [])].map((x) => x.request)) + 1;
  const aloneIds = Array.from({ length: size }, () => requestId());
  const groupedIds = Array.from({ length: size }, () => requestId());
  for (const charge of c.before ?? []) {
    await chargeAlone(alone, aloneIds[charge.request]!, charge);
    await chargeAlone(grouped, groupedIds[charge.request]!, charge);
  }
  if (c.leaseGone) {
    await db.sql(`select * from gw_settle(?, 0, true)`, [alone.lease]);
    await db.sql(`select * from gw_settle(?, 0, true)`, [grouped.lease]);
  }
  const one: Array<Record<string, unknown>> = [];
  for (const charge of c.batch) one.push(await chargeAlone(alone, aloneIds[charge.request]!, charge));
  const many = await chargeMany(grouped, c.batch.map((x) => groupedIds[x.request]!), c.batch);
  expect(many).toEqual(one);
  expect(fellBack).toBe(one.some((r) => r.r_error_code !== null));
  expect(await stateOf(grouped, groupedIds)).toEqual(await stateOf(alone, aloneIds));
  return many;
}

const charges = (...list: Array<[number, number, number]>): Charge[] => list.map(([request, cost, hold]) => ({ request, cost: BigInt(cost), hold: BigInt(hold) }));

describe('a lease\'s charges in one call come out as they would one after another', () => {
  it('within their holds', async () => {
    const rows = await bothWays({ free: 100_000n, lease: 10_000n, batch: charges([0, 300, 1000], [1, 500, 1000], [2, 0, 1000], [3, 1000, 1000]) });
    expect(rows.map((r) => r.r_charged)).toEqual(['300', '500', '0', '1000']);
  });

  it('above their holds, taken from the unreserved balance, until it runs out mid-batch', async () => {
    const rows = await bothWays({ free: 5_000n, lease: 3_000n, batch: charges([0, 2500, 1000], [1, 2500, 1000], [2, 2500, 1000], [3, 100, 100]) });
    expect(rows.some((r) => r.r_uncovered !== '0')).toBe(true);
  });

  it('holds that outgrow what is left of the lease', async () => {
    await bothWays({ free: 100_000n, lease: 2_500n, batch: charges([0, 1000, 1000], [1, 1000, 1000], [2, 1000, 1000], [3, 1000, 1000]) });
  });

  it('capped by the key\'s cap', async () => {
    await bothWays({ free: 100_000n, tokenCap: 4_000n, lease: 3_000n, batch: charges([0, 1500, 1000], [1, 1500, 1000], [2, 1500, 1000]) });
  });

  it('a request already charged, before the batch and twice within it', async () => {
    const rows = await bothWays({
      free: 100_000n, lease: 10_000n,
      before: charges([1, 700, 1000]),
      batch: charges([0, 300, 1000], [1, 900, 1000], [2, 400, 1000], [2, 400, 1000]),
    });
    expect(rows.map((r) => r.r_already_settled)).toEqual([false, true, false, true]);
  });

  it('the lease gone: from what the bucket can spare', async () => {
    const rows = await bothWays({ free: 1_000n, lease: 500n, leaseGone: true, batch: charges([0, 400, 200], [1, 400, 200], [2, 400, 200]) });
    expect(rows.every((r) => r.r_lease_missing === true)).toBe(true);
  });

  it('out of a subscription', async () => {
    await bothWays({ free: 0n, subscription: 6_000n, lease: 4_000n, batch: charges([0, 1500, 1000], [1, 3000, 1000], [2, 3000, 1000]) });
  });

  it('one charge that fails fails alone', async () => {
    const rows = await bothWays({ free: 100_000n, lease: 10_000n, batch: charges([0, 300, 1000], [1, -5, 1000], [2, 400, 1000]) });
    expect(rows.map((r) => r.r_error_code)).toEqual([null, '22023', null]);
  });
});

it('the queue sends a key\'s consecutive charges as one call, and only those', async () => {
  const c: Case = { free: 100_000n, lease: 10_000n, batch: [] };
  const a = await world(c);
  const b = await world(c);
  const rec = recording(db.script);
  const queue = new BillingStatementQueue(rec.script, { maxInFlight: 1 });
  const group = (w: World, id: string, cost: bigint): CallGroup => ({
    many: 'gw_lease_charge_many', shared: `${shared(w)}, true`, items: [sqlLiteral(id), `${cost}`, '1000'], itemTypes: ['varchar', 'bigint', 'bigint'],
  });
  const charge = (w: World, cost: bigint) => {
    const id = requestId();
    return queue.call<{ r_charged: string }>('gw_lease_charge', `${sqlLiteral(w.lease)}, ${sqlLiteral(id)}, ${w.userId}, ${w.tokenId}, 'FREE', null, ${cost}, 1000, true`, group(w, id, cost));
  };
  const first = queue.call('gw_settle', `'req_nothing-held', 0, true`); // on the wire alone; the rest queue behind it
  const answers = Promise.all([charge(a, 1n), charge(a, 2n), charge(a, 3n), charge(b, 4n), charge(a, 5n), charge(a, 6n)]);
  await first;
  expect((await answers).map((r) => r.r_charged)).toEqual(['1', '2', '3', '4', '5', '6']);
  expect(rec.scripts).toHaveLength(2);
  const script = rec.scripts[1]!;
  expect(script.match(/gw_lease_charge_many\(/g)).toHaveLength(2); // a's first three, a's last two
  expect(script.match(/gw_lease_charge_try\(/g)).toHaveLength(1); // b's, between them
  const spent = await db.sql<{ free_quota: string }>(`select free_quota from users where id in (?, ?) order by id`, [a.userId, b.userId]);
  expect(spent.map((s) => s.free_quota)).toEqual(['99983', '99996']);
});
