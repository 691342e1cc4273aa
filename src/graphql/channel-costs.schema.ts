import type { IChannelPrice } from '../db/entities';
import {
  channelCostPrices, setChannelCostMultiplier, setChannelModelCost, withdrawChannelModelCost, type ChannelCostDeps,
} from '../domain/channels/channel-cost.service';
import { builder } from './builder';
import { priceInputFields } from './catalogue-prices.schema';
import { ChannelRef } from './channels.schema';
import type { GraphQLContext } from './context';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';
import { priceVersionFields } from './price-kinds.schema';

// A channel's cost basis: what its upstream charges the operator. Admins only, like the rest of
// the channel; never reachable from a user's view.

const deps = (ctx: GraphQLContext): ChannelCostDeps => ({
  em: ctx.em, changeBus: ctx.services.changeBus, logger: ctx.services.logger, actorId: ctx.viewer?.id ?? null,
});

const ChannelPriceRef = builder.objectRef<IChannelPrice>('ChannelPrice').implement({
  description: 'One version of a channel\'s own price for a model (quota units, the catalogue\'s price kinds), in effect from `effectiveAt` until the next version\'s.',
  fields: (t) => ({
    id: t.exposeID('id'),
    modelId: t.exposeString('modelId'),
    effectiveAt: t.expose('effectiveAt', { type: 'DateTime' }),
    ...priceVersionFields(t),
    memo: t.exposeString('memo'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.objectFields(ChannelRef, (t) => ({
  costMultiplier: t.string({
    nullable: true,
    authScopes: { admin: true },
    description: 'Cost basis: the upstream charges this factor of the catalogue price (e.g. "0.3"); null: the catalogue price. Models with their own price list here are priced by it.',
    resolve: (c) => c.costMultiplier ?? null,
  }),
  costPrices: t.field({
    type: [ChannelPriceRef],
    authScopes: { admin: true },
    description: 'The channel\'s own price list: every version, by model, newest effective time first (scheduled ones included).',
    resolve: (c, _args, ctx) => channelCostPrices(ctx.em, c.id),
  }),
}));

const SetChannelModelCostInput = builder.inputType('SetChannelModelCostInput', {
  description: 'Absent prices carry over from the channel\'s version in effect at `effectiveAt`, else from the catalogue price.',
  fields: (t) => ({
    ...priceInputFields(t),
    effectiveAt: t.field({ type: 'DateTime', description: 'Default now; not in the past.' }),
    memo: t.string(),
  }),
});

builder.mutationFields((t) => ({
  setChannelCostMultiplier: t.field({
    type: ChannelRef,
    description: 'Sets the channel\'s cost basis as a factor of the catalogue price; null: the catalogue price.',
    authScopes: { admin: true },
    args: { channelId: t.arg.id({ required: true }), multiplier: t.arg.string() },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetChannelCostMultiplierResult' } },
    resolve: async (_root, { channelId, multiplier }, ctx) => unwrap(await setChannelCostMultiplier(deps(ctx), channelId, multiplier ?? null)),
  }),
  setChannelModelCost: t.field({
    type: ChannelPriceRef,
    description: 'Records a version of the channel\'s own price for a model it serves, effective now or later.',
    authScopes: { admin: true },
    args: { channelId: t.arg.id({ required: true }), modelId: t.arg.string({ required: true }), input: t.arg({ type: SetChannelModelCostInput, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetChannelModelCostResult' } },
    resolve: async (_root, { channelId, modelId, input }, ctx) => {
      const { effectiveAt, memo, ...prices } = input;
      return unwrap(await setChannelModelCost(deps(ctx), channelId, modelId, prices, { effectiveAt, memo }));
    },
  }),
  withdrawChannelModelCost: t.field({
    type: ChannelPriceRef,
    description: 'Removes a channel price version that has not taken effect yet.',
    authScopes: { admin: true },
    args: { priceId: t.arg.id({ required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'WithdrawChannelModelCostResult' } },
    resolve: async (_root, { priceId }, ctx) => unwrap(await withdrawChannelModelCost(deps(ctx), priceId)),
  }),
}));
