import { FakeUpstream } from '../../../src/demo/fake-upstream/fake-upstream';
import { client, createChannel, createToken, createUser, disableAllChannels } from '../../support/data-plane-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';

let first: TestApp;
let second: TestApp;
let upstream: FakeUpstream;

beforeAll(async () => {
  first = await startTestApp();
  second = await startTestApp({}, { database: first.database });
  upstream = await FakeUpstream.start();
  await disableAllChannels(first);
  await createChannel(first, { baseUrl: upstream.openAIBaseUrl });
});
afterAll(async () => {
  await second.close();
  await first.close();
  await upstream.close();
});

const ask = (app: TestApp, key: string) => client(app, key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });

it('a key revoked through one instance is refused by another on the same database within a second', async () => {
  const userId = await createUser(first, { freeQuota: 10_000_000n });
  const { key, keyHash } = await createToken(first, userId);
  // Both instances have the key cached as valid.
  expect((await ask(first, key)).model).toBe('gpt-4o-mini');
  expect((await ask(second, key)).model).toBe('gpt-4o-mini');

  await first.em().getConnection().execute(`update tokens set status = 'REVOKED', revoked_at = now() where key_hash = ?`, [keyHash]);
  await first.server.services.changeBus.publish({ topic: 'token', id: keyHash });
  await expect(ask(first, key)).rejects.toMatchObject({ status: 401, code: 'invalid_api_key' });

  const revokedAt = Date.now();
  for (;;) {
    const refused = await ask(second, key).then(
      () => false,
      (err: { status?: number }) => err.status === 401,
    );
    if (refused) break;
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(Date.now() - revokedAt).toBeLessThan(1_000);
});

it('a user disabled through one instance is refused by the other (topic user, id = user id)', async () => {
  const userId = await createUser(first, { freeQuota: 10_000_000n });
  const { key } = await createToken(first, userId);
  expect((await ask(second, key)).model).toBe('gpt-4o-mini');
  await first.em().getConnection().execute(`update users set status = 'DISABLED' where id = ?`, [userId]);
  await first.server.services.changeBus.publish({ topic: 'user', id: String(userId) });
  const deadline = Date.now() + 1_000;
  let message = '';
  while (Date.now() < deadline) {
    message = await ask(second, key).then(() => '', (err: Error) => err.message);
    if (message) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  expect(message).toMatch(/401 .*account .* disabled/);
});
