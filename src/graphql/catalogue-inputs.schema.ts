import { UNMEASURED_INPUTS } from '../db/entities';
import { builder } from './builder';
import { ModelRef } from './catalogue.schema';

// How a model's requests are held for inputs the gateway cannot measure (README "What a request holds").

export const UnmeasuredInputEnum = builder.enumType('UnmeasuredInput', {
  values: UNMEASURED_INPUTS,
  description: 'An input the gateway cannot measure before the upstream bills it: a media URL, a vendor file id, a media type it cannot read, cached content, a server tool.',
});

export const REFUSED_INPUTS_DESCRIPTION = 'Kinds of unmeasurable input refused with a 400 naming the part, instead of held at the context length. Default none.';
export const SERVER_TOOL_USE_PRICE_DESCRIPTION = 'Quota units per use of a server tool the upstream runs (web search, fetch, code execution); each use a request allows is held.';

builder.objectFields(ModelRef, (t) => ({
  refusedInputs: t.field({ type: [UnmeasuredInputEnum], description: REFUSED_INPUTS_DESCRIPTION, resolve: (m) => m.refusedInputs }),
  serverToolUsePrice: t.expose('serverToolUsePrice', { type: 'BigInt', description: SERVER_TOOL_USE_PRICE_DESCRIPTION }),
}));
