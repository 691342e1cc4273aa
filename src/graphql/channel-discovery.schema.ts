import { addDiscoveredModels, discoverChannelModels, type DiscoveredModel, type Discovery } from '../domain/channels/channel-model-discovery';
import { builder } from './builder';
import { CreateModelInput } from './catalogue-admin.schema';
import { ChannelRef } from './channels.schema';
import { AlreadyExistsError, InputValidationError, NotFoundError } from './errors.schema';
import { unwrap } from './outcome';

const DiscoveredModelRef = builder.objectRef<DiscoveredModel>('DiscoveredModel').implement({
  fields: (t) => ({
    modelId: t.exposeString('modelId', { description: "As the vendor lists it (Gemini's models/ prefix removed)." }),
    servedByChannel: t.exposeBoolean('servedByChannel'),
    inCatalogue: t.exposeBoolean('inCatalogue'),
  }),
});

const DiscoveryRef = builder.objectRef<Discovery>('ChannelModelDiscovery').implement({
  fields: (t) => ({
    channel: t.field({ type: ChannelRef, resolve: (d) => d.channel }),
    models: t.field({ type: [DiscoveredModelRef], resolve: (d) => d.models }),
  }),
});

builder.mutationFields((t) => ({
  discoverChannelModels: t.field({
    type: DiscoveryRef,
    description: "Fetches the model list from the channel's upstream (OpenAI /v1/models, Anthropic's and Gemini's lists) and compares it with the channel and the catalogue. Changes nothing.",
    authScopes: { admin: true },
    args: { channelId: t.arg.id({ required: true }) },
    errors: { types: [NotFoundError, InputValidationError], directResult: true, union: { name: 'DiscoverChannelModelsResult' } },
    resolve: async (_root, { channelId }, ctx) =>
      unwrap(
        await discoverChannelModels(
          {
            em: ctx.em,
            changeBus: ctx.services.changeBus,
            secretBox: ctx.services.secretBox,
            listModels: ctx.services.listChannelModels,
          },
          channelId,
        ),
      ),
  }),
  addDiscoveredModels: t.field({
    type: ChannelRef,
    description: 'Adds models to the catalogue with their prices and makes the channel serve them, in one step (all or none).',
    authScopes: { admin: true },
    args: { channelId: t.arg.id({ required: true }), models: t.arg({ type: [CreateModelInput], required: true }) },
    errors: { types: [NotFoundError, InputValidationError, AlreadyExistsError], directResult: true, union: { name: 'AddDiscoveredModelsResult' } },
    resolve: async (_root, { channelId, models }, ctx) =>
      unwrap(await addDiscoveredModels({ em: ctx.em, changeBus: ctx.services.changeBus }, channelId, models)),
  }),
}));
