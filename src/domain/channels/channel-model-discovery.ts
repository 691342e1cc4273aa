import type { EntityManager } from '@mikro-orm/postgresql';
import { CatalogueModel, type ChannelProtocol, type IChannel } from '../../db/entities';
import { LocalChangeBus, type ChangeBus } from '../../lib/change-bus';
import type { SecretBox } from '../../lib/secret-box';
import { createModel, type CatalogueDeps, type NewModel } from '../catalogue/catalogue-admin.service';
import { invalid, notFound, ok, type InvalidInput, type Outcome } from '../domain-result';
import { probeKeyOf } from './channel-keys';
import { findChannel } from './channel-admin.service';

export type ModelListResult = { ok: true; ids: string[] } | { ok: false; error: string };

/** Asks an upstream for its model list (the data plane's client and the protocol's adapter do it). */
export type ModelLister = (protocol: ChannelProtocol, target: { baseUrl: string; apiKey: string }) => Promise<ModelListResult>;

export interface DiscoveredModel {
  /** As the vendor lists it (Gemini's `models/` prefix removed). */
  modelId: string;
  /** The channel already serves it (as a catalogue id, or as the upstream name of one). */
  servedByChannel: boolean;
  inCatalogue: boolean;
}

export interface Discovery {
  channel: IChannel;
  models: DiscoveredModel[];
}

export interface DiscoveryDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  listModels: ModelLister;
}

/** The channel's upstream model list beside what the channel serves and what the catalogue knows. */
export async function discoverChannelModels(deps: DiscoveryDeps, channelId: string | number): Promise<Outcome<Discovery>> {
  const channel = await findChannel(deps.em, channelId);
  if (!channel) return notFound('Channel');
  const apiKey = await probeKeyOf(deps.em, deps.secretBox, channel.id);
  if (apiKey === null) return invalid('channelId', 'The channel key cannot be decrypted (was SECRET_KEY changed?).');
  const listed = await deps.listModels(channel.protocol, { baseUrl: channel.baseUrl, apiKey });
  if (!listed.ok) return invalid('channelId', listed.error.split(apiKey.length >= 4 ? apiKey : '\u0000').join('[redacted]'));
  const known = new Set(
    listed.ids.length
      ? (await deps.em.find(CatalogueModel, { modelId: { $in: listed.ids } }, { fields: ['modelId'] })).map((m) => m.modelId)
      : [],
  );
  const served = new Set([...channel.models, ...Object.values(channel.modelMapping)]);
  const models = listed.ids
    .sort((a, b) => a.localeCompare(b))
    .map((modelId) => ({ modelId, servedByChannel: served.has(modelId), inCatalogue: known.has(modelId) }));
  return ok({ channel, models });
}

/**
 * Adds discovered models to the catalogue with their prices and makes the channel serve them,
 * all in one transaction: every new model is created, or none.
 */
export async function addDiscoveredModels(
  deps: Omit<DiscoveryDeps, 'listModels' | 'secretBox'>,
  channelId: string | number,
  models: readonly NewModel[],
): Promise<Outcome<IChannel>> {
  const channel = await findChannel(deps.em, channelId);
  if (!channel) return notFound('Channel');
  if (models.length === 0) return invalid('models', 'Give at least one model.');
  if (models.length > 500) return invalid('models', 'Add at most 500 models at a time.');
  const result = await deps.em.transactional(async (tx): Promise<Outcome<null>> => {
    // Announcements wait for the commit: a process must not reload a catalogue that is not there yet.
    const catalogueDeps: CatalogueDeps = { em: tx, changeBus: new LocalChangeBus() };
    for (const model of models) {
      const created = await createModel(catalogueDeps, model);
      if (!created.ok) {
        // Roll the whole batch back and name the model.
        throw new DiscoveryRejected(created.reason === 'NOT_FOUND' ? invalid('models', `${model.modelId}: not found`) : invalid(created.field, `${model.modelId}: ${created.message}`));
      }
    }
    return ok(null);
  }).catch((err: unknown) => {
    if (err instanceof DiscoveryRejected) return err.failure;
    throw err;
  });
  if (!result.ok) return result;
  channel.models = [...new Set([...channel.models, ...models.map((m) => m.modelId)])];
  await deps.em.flush();
  await deps.changeBus.publish({ topic: 'catalogue' });
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok(channel);
}

class DiscoveryRejected extends Error {
  constructor(readonly failure: InvalidInput) {
    super('discovered models rejected');
  }
}
