import { SetChannelCostMultiplierDocument, SetGroupRoutingPolicyDocument } from '../../generated/graphql';
import { createChannel, rawChat } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gqlData } from '../../support/graphql-client';
import { newCaller, vendorTestbed, waitForUsageLog } from '../../support/vendor-fixtures';

// A group's routing policy, set over GraphQL, decides which channel serves: PRIORITY as before,
// CHEAPEST the lowest cost basis whatever the priority, with failover to the next cheapest.

const bed = vendorTestbed();
const MINI = 'gpt-4o-mini';
let admin: string;
beforeAll(async () => {
  admin = await adminSession(bed.app);
});

async function servedBy(key: string): Promise<number | null> {
  const res = await rawChat(bed.app, key, { model: MINI, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
  expect(res.status).toBe(200);
  return (await waitForUsageLog(bed.app, res.headers.get('x-request-id')!)).channelId ?? null;
}

it('routes by priority, then by cost basis once the group asks for the cheapest', async () => {
  const dear = await createChannel(bed.app, { baseUrl: bed.main.openAIBaseUrl, models: [MINI], priority: 10 });
  const cheap = await createChannel(bed.app, { baseUrl: bed.other.openAIBaseUrl, models: [MINI], priority: 0 });
  await gqlData(bed.app, SetChannelCostMultiplierDocument, { channelId: String(cheap), multiplier: '0.3' }, admin);
  const { key } = await newCaller(bed.app, 1_000_000n);
  expect(await servedBy(key)).toBe(dear);

  const set = await gqlData(bed.app, SetGroupRoutingPolicyDocument, { name: 'default', policy: 'CHEAPEST' }, admin);
  expect(expectTypename(set.setGroupRoutingPolicy, 'Group').routingPolicy).toBe('CHEAPEST');
  for (let i = 0; i < 3; i++) expect(await servedBy(key)).toBe(cheap);

  // The cheapest failing, the next cheapest serves.
  bed.other.next({ status: 500, errorBody: { error: { message: 'down' } } });
  expect(await servedBy(key)).toBe(dear);

  await gqlData(bed.app, SetGroupRoutingPolicyDocument, { name: 'default', policy: 'PRIORITY' }, admin);
  expect(await servedBy(key)).toBe(dear);
});
