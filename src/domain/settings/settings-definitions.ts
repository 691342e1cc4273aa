import { z } from 'zod';
import { isValidTimeZone } from '../quota/calendar-day';
import { MAX_CONCURRENT_MAX, RATE_LIMIT_RPM_MAX } from '../tokens/token-rules';

/** The settings an admin can change while the gateway runs (README, "Runtime settings"). */
export interface RuntimeSettingsValues {
  /** `register` answers REGISTRATION_CLOSED when false; admins can still create accounts. */
  registrationOpen: boolean;
  /**
   * Whether `register` (e-mail and password) is offered; off: new accounts come only from sign-in
   * providers (registrationOpen still has to be on for those).
   */
  passwordSignUpEnabled: boolean;
  /** New accounts must follow a link sent by e-mail before the sign-up grant and their first key. */
  emailVerificationRequired: boolean;
  /** Free quota for a new account (at verification when that is required). */
  signupGrant: bigint;
  /** Free quota per daily check-in. */
  checkInAmount: bigint;
  /** IANA zone for users who chose none: cuts their check-in and usage days. */
  defaultTimezone: string;
  /** Requests per minute for every API key without its own limit; 0 = unlimited. */
  defaultRpm: number;
  /** Requests in progress at once for every API key without its own `maxConcurrent`; 0 = no per-key limit. */
  defaultMaxConcurrentPerKey: number;
  /** Requests in progress at once over all of one user's keys; 0 = no per-user limit. */
  maxConcurrentPerUser: number;
  /** Requests per minute over all of one user's keys (many keys do not multiply the budget); 0 = no per-user limit. */
  maxRpmPerUser: number;
  /** ISO 4217 code the console shows amounts in. */
  displayCurrency: string;
  /** Quota units shown as one unit of the display currency; display only, nothing is charged in money. */
  quotaPerUnit: bigint;
  /** Every ADMIN must have an authenticator app: one without it may only set one up. */
  adminTwoFactorRequired: boolean;
  /** Off: invitations are still recorded, but no reward is given (src/domain/invitations). */
  invitationRewardsEnabled: boolean;
  /** Free quota to an inviter when the person they invited confirms their e-mail address; 0 = none. */
  inviteVerifiedReward: bigint;
  /** Percent (0-100) of the quota each paid order of an invitee grants, credited to the inviter; 0 = none. */
  inviteCommissionPercent: number;
  /**
   * How long a prompt-cache session stays on its channel and key after its last request (the
   * vendors keep a prompt cache about 5 minutes after its last use); 0 turns affinity off.
   */
  affinityTtlSeconds: number;
}

export type SettingKey = keyof RuntimeSettingsValues;

/** Far above any sensible grant (20 billion USD at the default rate), far below bigint's limit. */
export const MAX_FREE_QUOTA = 10n ** 16n;
export const MAX_QUOTA_PER_UNIT = 10n ** 12n;
/** A day: far beyond any vendor's prompt cache lifetime. */
export const MAX_AFFINITY_TTL_SECONDS = 86_400;

const wholeNumber = (max: number) =>
  z.number().int('must be a whole number').min(0, 'must be at least 0').max(max, `must be at most ${max}`);

const quotaUnits = (max: bigint, min = 0n) =>
  z.bigint().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

/** What each setting accepts; the GraphQL edge validates an update with it before anything is written. */
export const settingSchemas = {
  registrationOpen: z.boolean(),
  passwordSignUpEnabled: z.boolean(),
  emailVerificationRequired: z.boolean(),
  signupGrant: quotaUnits(MAX_FREE_QUOTA),
  checkInAmount: quotaUnits(MAX_FREE_QUOTA),
  defaultTimezone: z.string().max(64).refine(isValidTimeZone, 'must be an IANA time zone such as UTC or Asia/Shanghai'),
  defaultRpm: wholeNumber(RATE_LIMIT_RPM_MAX),
  defaultMaxConcurrentPerKey: wholeNumber(MAX_CONCURRENT_MAX),
  maxConcurrentPerUser: wholeNumber(MAX_CONCURRENT_MAX),
  maxRpmPerUser: wholeNumber(RATE_LIMIT_RPM_MAX),
  displayCurrency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as USD or CNY'),
  quotaPerUnit: quotaUnits(MAX_QUOTA_PER_UNIT, 1n),
  adminTwoFactorRequired: z.boolean(),
  invitationRewardsEnabled: z.boolean(),
  inviteVerifiedReward: quotaUnits(MAX_FREE_QUOTA),
  inviteCommissionPercent: wholeNumber(100),
  affinityTtlSeconds: wholeNumber(MAX_AFFINITY_TTL_SECONDS),
} satisfies { [K in SettingKey]: z.ZodType<RuntimeSettingsValues[K]> };

export const SETTING_KEYS = Object.keys(settingSchemas) as SettingKey[];

export const settingsPatchSchema = z.object(settingSchemas).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The text stored in `settings.value`. */
export function formatSetting(value: RuntimeSettingsValues[SettingKey]): string {
  return String(value);
}

/**
 * A stored value back to its type; undefined when the row cannot be read as one (written by a
 * newer release or by hand), so the caller keeps what it had instead of serving garbage.
 */
export function parseSetting<K extends SettingKey>(key: K, text: string): RuntimeSettingsValues[K] | undefined {
  const schema: z.ZodType = settingSchemas[key];
  let raw: unknown = text;
  if (key === 'registrationOpen' || key === 'emailVerificationRequired' || key === 'adminTwoFactorRequired' || key === 'passwordSignUpEnabled' || key === 'invitationRewardsEnabled') {
    raw = text === 'true' ? true : text === 'false' ? false : text;
  } else if (key === 'signupGrant' || key === 'checkInAmount' || key === 'quotaPerUnit' || key === 'inviteVerifiedReward') {
    raw = /^\d{1,20}$/.test(text) ? BigInt(text) : text;
  } else if (key === 'defaultRpm' || key === 'defaultMaxConcurrentPerKey' || key === 'maxConcurrentPerUser' || key === 'maxRpmPerUser'
    || key === 'inviteCommissionPercent' || key === 'affinityTtlSeconds') {
    raw = /^\d{1,10}$/.test(text) ? Number(text) : text;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? (parsed.data as RuntimeSettingsValues[K]) : undefined;
}
