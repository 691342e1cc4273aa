import { settingsPatchSchema, type SettingsPatch } from '../domain/settings/settings-definitions';
import type { SettingsSnapshot } from '../domain/settings/runtime-settings.service';
import { builder } from './builder';
import type { GraphQLContext } from './context';
import { InputValidationError } from './errors.schema';

const SettingsRef = builder.objectRef<SettingsSnapshot>('Settings').implement({
  description: 'Runtime settings: stored in the database, changed by admins with updateSettings, in force on every instance within a second.',
  fields: (t) => ({
    registrationOpen: t.boolean({ description: 'Whether anyone may register; closed: `register` answers RegistrationClosedError.', resolve: (s) => s.values.registrationOpen }),
    passwordSignUpEnabled: t.boolean({
      description: 'Whether `register` (e-mail and password) is offered; off: new accounts come only from sign-in providers.',
      resolve: (s) => s.values.passwordSignUpEnabled,
    }),
    emailVerificationRequired: t.boolean({
      description: 'New accounts confirm their address by a mailed link before the sign-up grant, API keys and check-ins.',
      resolve: (s) => s.values.emailVerificationRequired,
    }),
    signupGrant: t.field({ type: 'BigInt', description: 'Free quota for a new account.', resolve: (s) => s.values.signupGrant }),
    checkInAmount: t.field({ type: 'BigInt', description: 'Free quota per daily check-in.', resolve: (s) => s.values.checkInAmount }),
    defaultTimezone: t.string({ description: 'IANA zone for users who set none (check-in and usage days).', resolve: (s) => s.values.defaultTimezone }),
    defaultRpm: t.int({ description: 'Requests per minute for API keys without their own limit; 0: unlimited.', resolve: (s) => s.values.defaultRpm }),
    defaultMaxConcurrentPerKey: t.int({
      description: 'Requests in progress at once for API keys without their own maxConcurrent; 0: no per-key limit.',
      resolve: (s) => s.values.defaultMaxConcurrentPerKey,
    }),
    maxConcurrentPerUser: t.int({
      description: 'Requests in progress at once over all of a user\'s keys; 0: no per-user limit. No key setting lifts it.',
      resolve: (s) => s.values.maxConcurrentPerUser,
    }),
    maxRpmPerUser: t.int({
      description: 'Requests per minute over all of a user\'s keys; 0: no per-user limit. No key setting lifts it.',
      resolve: (s) => s.values.maxRpmPerUser,
    }),
    displayCurrency: t.string({ description: 'ISO 4217 code amounts are shown in.', resolve: (s) => s.values.displayCurrency }),
    quotaPerUnit: t.field({
      type: 'BigInt',
      description: 'Quota units shown as one unit of displayCurrency; display only, nothing is charged in money.',
      resolve: (s) => s.values.quotaPerUnit,
    }),
    adminTwoFactorRequired: t.boolean({
      description: 'Every ADMIN must use an authenticator app: one without it may only set it up (other fields answer TWO_FACTOR_SETUP_REQUIRED).',
      resolve: (s) => s.values.adminTwoFactorRequired,
    }),
    invitationRewardsEnabled: t.boolean({
      description: 'Whether invitations earn rewards; off: invitations are still recorded, nothing is paid.',
      resolve: (s) => s.values.invitationRewardsEnabled,
    }),
    inviteVerifiedReward: t.field({
      type: 'BigInt', description: 'Free quota to an inviter when an invited person confirms their e-mail address.', resolve: (s) => s.values.inviteVerifiedReward,
    }),
    inviteCommissionPercent: t.int({
      description: 'Percent of the quota each paid order of an invited person grants, credited to the inviter (taken back on refund).',
      resolve: (s) => s.values.inviteCommissionPercent,
    }),
    affinityTtlSeconds: t.int({
      nullable: true,
      description: 'Admins only: seconds a prompt-cache session stays on its channel and key after its last request; 0: affinity off.',
      authScopes: { admin: true },
      resolve: (s) => s.values.affinityTtlSeconds,
    }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, description: 'Admins only: when a setting last changed.', authScopes: { admin: true }, resolve: (s) => s.updatedAt }),
    mailTransport: t.string({
      nullable: true,
      description: 'Admins only: `smtp` (SMTP_URL set) or `log` (mails are only written to the log).',
      authScopes: { admin: true },
      resolve: (_s, _args, ctx) => ctx.services.mail.kind,
    }),
  }),
});

const UpdateSettingsInput = builder.inputType('UpdateSettingsInput', {
  description: 'Absent (or null) fields stay as they are.',
  fields: (t) => ({
    registrationOpen: t.boolean(),
    passwordSignUpEnabled: t.boolean(),
    emailVerificationRequired: t.boolean(),
    signupGrant: t.field({ type: 'BigInt', description: '0 to 10^16 quota units.' }),
    checkInAmount: t.field({ type: 'BigInt', description: '0 to 10^16 quota units.' }),
    defaultTimezone: t.string({ description: 'An IANA zone such as UTC or Asia/Shanghai.' }),
    defaultRpm: t.int({ description: '0 (unlimited) to 1000000.' }),
    defaultMaxConcurrentPerKey: t.int({ description: '0 (no per-key limit) to 100000.' }),
    maxConcurrentPerUser: t.int({ description: '0 (no per-user limit) to 100000.' }),
    maxRpmPerUser: t.int({ description: '0 (no per-user limit) to 1000000.' }),
    displayCurrency: t.string({ description: 'Three capital letters (ISO 4217), e.g. USD, CNY, EUR.' }),
    quotaPerUnit: t.field({ type: 'BigInt', description: '1 to 10^12 quota units per currency unit.' }),
    adminTwoFactorRequired: t.boolean({ description: 'Require two-factor for every ADMIN account.' }),
    invitationRewardsEnabled: t.boolean(),
    inviteVerifiedReward: t.field({ type: 'BigInt', description: '0 to 10^16 quota units.' }),
    inviteCommissionPercent: t.int({ description: '0 to 100.' }),
    affinityTtlSeconds: t.int({ description: '0 (affinity off) to 86400 seconds; applies to the next request on every instance.' }),
  }),
});

function currentSettings(ctx: GraphQLContext): SettingsSnapshot {
  return ctx.services.settings.snapshotNow();
}

builder.queryField('settings', (t) =>
  t.field({
    type: SettingsRef,
    description: 'The runtime settings. Everyone may read them (the console shows prices, the sign-up form); the fields marked so are for admins.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => currentSettings(ctx),
  }),
);

builder.mutationField('updateSettings', (t) =>
  t.field({
    type: SettingsRef,
    description: 'Changes runtime settings together (one transaction); every instance applies them within a second.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: UpdateSettingsInput, required: true }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'UpdateSettingsResult' } },
    resolve: async (_root, { input }, ctx) => {
      // GraphQL null means "leave as is", like absent.
      const present = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
      const parsed = settingsPatchSchema.safeParse(present);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new InputValidationError(String(issue.path[0] ?? 'input'), issue.message);
      }
      const patch: SettingsPatch = parsed.data;
      return ctx.services.settings.update(ctx.em, patch, ctx.viewer!.id);
    },
  }),
);
