import { setModelFallbacks } from '../domain/catalogue/model-fallbacks';
import { builder } from './builder';
import { ModelRef } from './catalogue.schema';
import { InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';

// A model's fallback chain (domain/catalogue/model-fallbacks.ts).

builder.objectFields(ModelRef, (t) => ({
  fallbacks: t.exposeStringList('fallbacks', {
    description: 'Models tried in order when every channel of this one failed before a usable byte; same tier, chat models only.',
  }),
}));

builder.mutationFields((t) => ({
  setModelFallbacks: t.field({
    type: ModelRef,
    description: 'Replaces the model\'s fallback chain (an empty list removes it).',
    authScopes: { admin: true },
    args: { modelId: t.arg.string({ required: true }), fallbacks: t.arg.stringList({ required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetModelFallbacksResult' } },
    resolve: async (_root, { modelId, fallbacks }, ctx) => unwrap(await setModelFallbacks({ em: ctx.em, changeBus: ctx.services.changeBus }, modelId, fallbacks)),
  }),
}));
