import { REDEMPTION_KINDS, REDEMPTION_STATUSES, RedemptionCode, type IRedemptionCode, type RedemptionKind } from '../db/entities';
import { toEntityId } from '../domain/domain-result';
import { MAX_CODES_PER_BATCH, generateRedemptionCodes, redeemCode } from '../domain/quota/redemption.service';
import { announceSubscriptionChange } from '../domain/subscriptions/order.service';
import { builder } from './builder';
import { DomainError, ErrorInterface, InputValidationError } from './errors.schema';
import { PackageRef } from './packages.schema';
import { keysetConnection } from './pagination';
import { SubscriptionRef } from './subscriptions.schema';
import { UserRef } from './user.schema';

export const RedemptionKindEnum = builder.enumType('RedemptionKind', { values: REDEMPTION_KINDS });
export const RedemptionStatusEnum = builder.enumType('RedemptionStatus', { values: REDEMPTION_STATUSES });

abstract class RedeemError extends DomainError {}

export class InvalidCodeError extends RedeemError {
  readonly code = 'INVALID_CODE';
  constructor() {
    super('This code is not valid.');
    this.name = 'InvalidCodeError';
  }
}
export class CodeExpiredError extends RedeemError {
  readonly code = 'CODE_EXPIRED';
  constructor() {
    super('This code has expired.');
    this.name = 'CodeExpiredError';
  }
}
export class CodeExhaustedError extends RedeemError {
  readonly code = 'CODE_EXHAUSTED';
  constructor() {
    super('This code has been used up.');
    this.name = 'CodeExhaustedError';
  }
}
export class AlreadyRedeemedError extends RedeemError {
  readonly code = 'ALREADY_REDEEMED';
  constructor() {
    super('You have already redeemed this code.');
    this.name = 'AlreadyRedeemedError';
  }
}

for (const [cls, name] of [
  [InvalidCodeError, 'InvalidCodeError'],
  [CodeExpiredError, 'CodeExpiredError'],
  [CodeExhaustedError, 'CodeExhaustedError'],
  [AlreadyRedeemedError, 'AlreadyRedeemedError'],
] as const) {
  builder.objectType(cls, { name, interfaces: [ErrorInterface], isTypeOf: (value) => value instanceof cls });
}

export const RedemptionCodeRef = builder.objectRef<IRedemptionCode>('RedemptionCode').implement({
  description: 'Admin view of a code; the code itself is shown only when generated.',
  fields: (t) => ({
    id: t.exposeID('id'),
    displayPrefix: t.exposeString('displayPrefix'),
    kind: t.field({ type: RedemptionKindEnum, resolve: (c) => c.kind }),
    quotaAmount: t.field({ type: 'BigInt', nullable: true, resolve: (c) => c.quotaAmount ?? null }),
    package: t.field({ type: PackageRef, nullable: true, resolve: (c) => c.package?.id ?? null }),
    maxUses: t.exposeInt('maxUses'),
    usedCount: t.exposeInt('usedCount'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
    status: t.field({ type: RedemptionStatusEnum, resolve: (c) => c.status }),
    memo: t.exposeString('memo'),
    createdBy: t.field({ type: UserRef, nullable: true, resolve: (c) => c.createdBy?.id ?? null }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const GeneratedCodeRef = builder
  .objectRef<{ plaintext: string; code: IRedemptionCode }>('GeneratedRedemptionCode')
  .implement({
    fields: (t) => ({
      code: t.exposeString('plaintext', { description: 'The secret code. Shown here once; only its hash is stored.' }),
      redemptionCode: t.field({ type: RedemptionCodeRef, resolve: (g) => g.code }),
    }),
  });

const GenerateSuccess = builder
  .objectRef<{ codes: Array<{ plaintext: string; code: IRedemptionCode }> }>('GenerateRedemptionCodesSuccess')
  .implement({ fields: (t) => ({ codes: t.field({ type: [GeneratedCodeRef], resolve: (r) => r.codes }) }) });

const GenerateInput = builder.inputType('GenerateRedemptionCodesInput', {
  fields: (t) => ({
    kind: t.field({ type: RedemptionKindEnum, required: true }),
    quotaAmount: t.field({ type: 'BigInt', description: 'QUOTA codes: free quota per use.' }),
    packageId: t.id({ description: 'PACKAGE codes: the package each use grants (like a paid order).' }),
    count: t.int({ required: true, description: `How many codes, 1-${MAX_CODES_PER_BATCH}.` }),
    maxUses: t.int({ description: 'Uses per code (each user at most once); default 1.' }),
    expiresAt: t.field({ type: 'DateTime' }),
    memo: t.string(),
  }),
});

interface RedeemOutcome {
  kind: RedemptionKind;
  quotaAmount: bigint;
  subscriptionId: number | null;
  userId: number;
}

const RedeemSuccess = builder.objectRef<RedeemOutcome>('RedeemCodeSuccess').implement({
  fields: (t) => ({
    kind: t.field({ type: RedemptionKindEnum, resolve: (r) => r.kind }),
    quotaAmount: t.field({ type: 'BigInt', description: 'Quota added (free quota, or to the subscription).', resolve: (r) => r.quotaAmount }),
    subscription: t.field({ type: SubscriptionRef, nullable: true, resolve: (r) => r.subscriptionId }),
    user: t.field({ type: UserRef, description: 'You, with the new balances.', resolve: (r) => r.userId }),
  }),
});

builder.queryField('redemptionCodes', (t) =>
  t.connection(
    {
      type: RedemptionCodeRef,
      description: 'Admin: generated codes, newest first.',
      authScopes: { admin: true },
      resolve: (_root, args, ctx) => keysetConnection(ctx.em, RedemptionCode, {}, args),
    },
    { name: 'RedemptionCodeConnection' },
    { name: 'RedemptionCodeEdge' },
  ),
);

builder.mutationFields((t) => ({
  generateRedemptionCodes: t.field({
    type: GenerateSuccess,
    description: 'Admin: a batch of codes worth free quota or a package. The plaintext codes are returned only here.',
    authScopes: { admin: true },
    args: { input: t.arg({ type: GenerateInput, required: true }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'GenerateRedemptionCodesResult' } },
    resolve: async (_root, { input }, ctx) => {
      let packageId: number | null = null;
      if (input.packageId != null) {
        packageId = toEntityId(input.packageId);
        if (packageId === null) throw new InputValidationError('packageId', 'package not found');
      }
      const result = await generateRedemptionCodes(ctx.em, {
        ...input,
        packageId,
        createdBy: ctx.viewer!.id,
        now: ctx.services.clock.now(),
      });
      if (!result.ok) throw new InputValidationError(result.field, result.message);
      return { codes: result.codes };
    },
  }),
  redeemCode: t.field({
    type: RedeemSuccess,
    description: 'Applies a code once for you: free quota, or a package (creates or extends a subscription).',
    authScopes: { user: true },
    args: { code: t.arg.string({ required: true }) },
    errors: {
      types: [InvalidCodeError, CodeExpiredError, CodeExhaustedError, AlreadyRedeemedError],
      directResult: true,
      union: { name: 'RedeemCodeResult' },
    },
    resolve: async (_root, args, ctx): Promise<RedeemOutcome> => {
      const result = await redeemCode(ctx.em, ctx.viewer!.id, args.code, ctx.services.clock.now());
      if (!result.ok) {
        switch (result.reason) {
          case 'INVALID_CODE': throw new InvalidCodeError();
          case 'CODE_EXPIRED': throw new CodeExpiredError();
          case 'CODE_EXHAUSTED': throw new CodeExhaustedError();
          case 'ALREADY_REDEEMED': throw new AlreadyRedeemedError();
        }
      }
      if (result.kind === 'QUOTA') return { kind: 'QUOTA', quotaAmount: result.quotaAmount, subscriptionId: null, userId: result.userId };
      await announceSubscriptionChange(ctx.services.changeBus, result.userId);
      return { kind: 'PACKAGE', quotaAmount: result.quotaAmount, subscriptionId: result.subscriptionId, userId: result.userId };
    },
  }),
}));
