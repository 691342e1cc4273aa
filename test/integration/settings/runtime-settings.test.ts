import { SETTING_KEYS } from '../../../src/domain/settings/settings-definitions';
import { LedgerEntry, Setting } from '../../../src/db/entities';
import {
  CheckInNowDocument, CheckInStatusDocument, RegisterDocument, RuntimeSettingsAdminDocument, RuntimeSettingsDocument, UpdateSettingsDocument,
  type RuntimeSettingsQuery, type UpdateSettingsInput,
} from '../../generated/graphql';
import { createToken, createUser } from '../../support/data-plane-fixtures';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

// Two real apps on one database: a change made through GraphQL on one is seen by the other
// through the change bus (PostgreSQL LISTEN/NOTIFY), and the environment only seeds first values.
let first: TestApp;
let second: TestApp;
let admin: string;

beforeAll(async () => {
  first = await startTestApp({
    SIGNUP_GRANT: '1234', CHECKIN_AMOUNT: '55', DEFAULT_TIMEZONE: 'Asia/Shanghai', DISPLAY_CURRENCY: 'CNY', QUOTA_PER_UNIT: '70000',
    MAX_CONCURRENT_PER_KEY: '7', MAX_CONCURRENT_PER_USER: '9',
  });
  // Different env on the second instance: the rows exist already, so the database wins.
  second = await startTestApp({ SIGNUP_GRANT: '9999', CHECKIN_AMOUNT: '66', DEFAULT_TIMEZONE: 'UTC', MAX_CONCURRENT_PER_KEY: '1' }, { database: first.database });
  admin = await adminSession(first);
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

async function update(app: TestApp, input: UpdateSettingsInput, session = admin) {
  return (await gqlData(app, UpdateSettingsDocument, { input }, session)).updateSettings;
}

type SettingsSeen = RuntimeSettingsQuery['settings'];

/** Changes settings on the first instance and waits (at most a second) until the second one serves them. */
async function updateEverywhere(input: UpdateSettingsInput): Promise<void> {
  expectTypename(await update(first, input), 'Settings');
  const deadline = Date.now() + 1000;
  let seen: SettingsSeen | undefined;
  while (Date.now() < deadline) {
    seen = (await gqlData(second, RuntimeSettingsDocument, {})).settings;
    if (Object.entries(input).every(([k, v]) => seen![k as keyof SettingsSeen] === v)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(seen).toMatchObject(input);
}

describe('runtime settings', () => {
  it('are seeded from the environment once: a second instance with other values reads the first ones', async () => {
    const expected = {
      registrationOpen: true, emailVerificationRequired: false, signupGrant: '1234', checkInAmount: '55', defaultTimezone: 'Asia/Shanghai',
      defaultRpm: 0, defaultMaxConcurrentPerKey: 7, maxConcurrentPerUser: 9, maxRpmPerUser: 0, displayCurrency: 'CNY', quotaPerUnit: '70000',
    };
    expect((await gqlData(first, RuntimeSettingsDocument, {})).settings).toEqual(expected);
    expect((await gqlData(second, RuntimeSettingsDocument, {})).settings).toEqual(expected);
    // One row per setting, whatever settings there are.
    expect(await first.em().count(Setting, {})).toBe(SETTING_KEYS.length);
  });

  it('a change through GraphQL on one instance is seen by the other within a second', async () => {
    const changed = await update(first, { checkInAmount: '4321', displayCurrency: 'EUR' });
    expect(expectTypename(changed, 'Settings')).toMatchObject({ checkInAmount: '4321', displayCurrency: 'EUR' });
    const deadline = Date.now() + 1000;
    let seen: { checkInAmount: string; displayCurrency: string } | undefined;
    while (Date.now() < deadline) {
      seen = (await gqlData(second, RuntimeSettingsDocument, {})).settings;
      if (seen.checkInAmount === '4321') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toMatchObject({ checkInAmount: '4321', displayCurrency: 'EUR' });
  });

  it('a restart keeps what the admin set over the environment', async () => {
    await update(first, { signupGrant: '777' });
    const third = await startTestApp({ SIGNUP_GRANT: '5' }, { database: first.database });
    try {
      expect((await gqlData(third, RuntimeSettingsDocument, {})).settings.signupGrant).toBe('777');
    } finally {
      await third.close();
    }
  });

  it('refuses values out of range with a typed error naming the field, and changes nothing', async () => {
    const before = (await gqlData(first, RuntimeSettingsDocument, {})).settings;
    const cases: Array<[UpdateSettingsInput, string]> = [
      [{ defaultTimezone: 'Mars/Olympus_Mons' }, 'defaultTimezone'],
      [{ signupGrant: '-1' }, 'signupGrant'],
      [{ checkInAmount: '100000000000000000' }, 'checkInAmount'],
      [{ defaultRpm: 1_000_001 }, 'defaultRpm'],
      [{ defaultMaxConcurrentPerKey: -1 }, 'defaultMaxConcurrentPerKey'],
      [{ maxConcurrentPerUser: 100_001 }, 'maxConcurrentPerUser'],
      [{ maxRpmPerUser: 1_000_001 }, 'maxRpmPerUser'],
      [{ displayCurrency: 'usd' }, 'displayCurrency'],
      [{ quotaPerUnit: '0' }, 'quotaPerUnit'],
      // One bad field refuses the whole update.
      [{ checkInAmount: '1', defaultRpm: -1 }, 'defaultRpm'],
    ];
    for (const [input, field] of cases) {
      const result = await update(first, input);
      expect({ input, result: expectTypename(result, 'InputValidationError').field }).toEqual({ input, result: field });
    }
    expect((await gqlData(first, RuntimeSettingsDocument, {})).settings).toEqual(before);
  });

  it('shows admin-only fields to admins only', async () => {
    const user = await signUp(first, 'reader@settings.test');
    const asUser = await gql(first, RuntimeSettingsAdminDocument, {}, user.session);
    expect(asUser.data?.settings).toEqual({ updatedAt: null, mailTransport: null, affinityTtlSeconds: null });
    expect(asUser.errors?.every((e) => /^Not authorized/.test(e.message))).toBe(true);
    const asAdmin = await gqlData(first, RuntimeSettingsAdminDocument, {}, admin);
    expect(asAdmin.settings.mailTransport).toBe('log');
    // The test app's environment seeds it off (AFFINITY_TTL_SECONDS=0).
    expect(asAdmin.settings.affinityTtlSeconds).toBe(0);
    expect(asAdmin.settings.updatedAt).not.toBeNull();
    const refused = await gql(first, UpdateSettingsDocument, { input: { registrationOpen: false } }, user.session);
    expect(refused.errors?.map((e) => e.message)).toEqual([expect.stringMatching(/^Not authorized/)]);
    expect((await gqlData(first, RuntimeSettingsDocument, {})).settings.registrationOpen).toBe(true);
  });
});

describe('consumers read the settings, not the environment', () => {
  it('the sign-up grant follows the setting, with its ledger row', async () => {
    await updateEverywhere({ signupGrant: '2468' });
    const user = await signUp(second, 'grant@settings.test');
    const rows = await first.em().find(LedgerEntry, { user: user.userId, kind: 'SIGNUP_GRANT' });
    expect(rows.map((r) => r.amount)).toEqual([2468n]);
  });

  it('the check-in amount and default time zone follow the setting', async () => {
    await updateEverywhere({ checkInAmount: '321', defaultTimezone: 'Europe/Berlin' });
    const user = await signUp(first, 'checkin@settings.test');
    const status = (await gqlData(second, CheckInStatusDocument, {}, user.session)).checkInStatus;
    expect(status.timezone).toBe('Europe/Berlin');
    const checkedIn = (await gqlData(second, CheckInNowDocument, {}, user.session)).checkIn;
    expect(expectTypename(checkedIn, 'CheckInSuccess').amount).toBe('321');
  });

  it('the default RPM applies to keys without their own limit', async () => {
    await updateEverywhere({ defaultRpm: 1 });
    const userId = await createUser(second);
    const { key } = await createToken(second, userId);
    const headers = { authorization: `Bearer ${key}` };
    const firstCall = await fetch(`${second.v1Url}/models`, { headers });
    expect(firstCall.status).toBe(200);
    expect(firstCall.headers.get('x-ratelimit-limit-requests')).toBe('1');
    expect((await fetch(`${second.v1Url}/models`, { headers })).status).toBe(429);
    await update(first, { defaultRpm: 0 });
  });

  it('closing registration makes register answer REGISTRATION_CLOSED, on every instance', async () => {
    await updateEverywhere({ registrationOpen: false });
    try {
      for (const app of [first, second]) {
        const { register } = await gqlData(app, RegisterDocument, { email: 'closed@settings.test', password: 'correct-horse-battery' });
        expect(register.__typename === 'RegisterSuccess' ? 'REGISTERED' : register.code).toBe('REGISTRATION_CLOSED');
      }
    } finally {
      await update(first, { registrationOpen: true });
    }
  });
});
