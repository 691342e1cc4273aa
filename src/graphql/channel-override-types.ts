import { OVERRIDE_OPS, OVERRIDE_TARGETS, type ChannelOverride } from '../db/entities';
import { builder } from './builder';

// The GraphQL shapes of per-channel request overrides (domain/channels/channel-overrides.ts):
// read on Channel.overrides, written through createChannel / updateChannel.

export const OverrideTargetEnum = builder.enumType('ChannelOverrideTarget', {
  values: OVERRIDE_TARGETS,
  description: 'BODY: a field of the JSON body, by JSON pointer. HEADER: an HTTP request header.',
});
export const OverrideOpEnum = builder.enumType('ChannelOverrideOp', {
  values: OVERRIDE_OPS,
  description: 'SET adds or replaces; REMOVE deletes when present.',
});

export const ChannelOverrideRef = builder.objectRef<ChannelOverride>('ChannelOverride').implement({
  description: 'A change made to every request the channel sends (after translation), optionally only for some of its models.',
  fields: (t) => ({
    target: t.field({ type: OverrideTargetEnum, resolve: (o) => o.target }),
    op: t.field({ type: OverrideOpEnum, resolve: (o) => o.op }),
    path: t.exposeString('path', { description: 'BODY: a JSON pointer (RFC 6901), e.g. /stream_options/include_usage. HEADER: the header name.' }),
    value: t.exposeString('value', { nullable: true, description: 'SET only. BODY: JSON text (true, "high", 1024). HEADER: the header value.' }),
    models: t.exposeStringList('models', { description: 'Only for these catalogue models; empty: every model of the channel.' }),
  }),
});

export const ChannelOverrideInput = builder.inputType('ChannelOverrideInput', {
  fields: (t) => ({
    target: t.field({ type: OverrideTargetEnum, required: true }),
    op: t.field({ type: OverrideOpEnum, required: true }),
    path: t.string({ required: true }),
    value: t.string(),
    models: t.stringList(),
  }),
});
