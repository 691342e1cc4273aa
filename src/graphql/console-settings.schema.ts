import { builder } from './builder';

interface ConsoleSettings {
  quotaPerUsd: bigint;
  checkInAmount: bigint;
  signupGrant: bigint;
}

const ConsoleSettingsRef = builder.objectRef<ConsoleSettings>('ConsoleSettings').implement({
  description: 'What a front end needs to present quota: the display rate and the free-quota amounts.',
  fields: (t) => ({
    quotaPerUsd: t.field({
      type: 'BigInt',
      description: 'Quota units shown as 1 USD (QUOTA_PER_USD); display only, nothing is charged in money.',
      resolve: (s) => s.quotaPerUsd,
    }),
    checkInAmount: t.field({ type: 'BigInt', description: 'Free quota per daily check-in.', resolve: (s) => s.checkInAmount }),
    signupGrant: t.field({ type: 'BigInt', description: 'Free quota granted at registration.', resolve: (s) => s.signupGrant }),
  }),
});

builder.queryField('consoleSettings', (t) =>
  t.field({
    type: ConsoleSettingsRef,
    description: 'Public display settings for the console (and any other front end).',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => {
      const { perUsd, checkInAmount, signupGrant } = ctx.services.config.quota;
      return { quotaPerUsd: BigInt(perUsd), checkInAmount: BigInt(checkInAmount), signupGrant: BigInt(signupGrant) };
    },
  }),
);
