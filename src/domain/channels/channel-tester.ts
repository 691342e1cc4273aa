import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, type IChannel } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import { redactSecrets } from '../../lib/secret-redaction';
import type { SecretBox } from '../../lib/secret-box';
import type { CatalogueEntry, CatalogueSnapshot } from '../catalogue/catalogue.types';
import { invalid, notFound, ok, toEntityId, type InvalidInput, type Outcome } from '../domain-result';
import type { ChannelProbe, ChannelProbeResult } from './channel-probe.types';
import { probeKeyOf } from './channel-keys';

export interface ChannelTesterDeps {
  em: EntityManager;
  changeBus: ChangeBus;
  secretBox: SecretBox;
  catalogue: { get(): Promise<CatalogueSnapshot> | CatalogueSnapshot };
  probe: ChannelProbe;
}

export interface ChannelTestReport {
  ok: boolean;
  latencyMs: number | null;
  status: number | null;
  error: string | null;
  /** The upstream refused the key. The channel stays as it is: the admin decides. */
  keyInvalid: boolean;
  model: string;
  reply: string | null;
  testedAt: Date;
  /** The channel with the recorded result. */
  channel: IChannel;
}

/** A status and a short vendor message: enough to act on, too little to read another server's pages through. */
const ERROR_LIMIT = 160;

/** A chat model when the channel has one (the cheaper probe), else a speech model. */
export function chooseModel(channel: IChannel, requested: string | null | undefined, catalogue: CatalogueSnapshot): CatalogueEntry | InvalidInput {
  if (requested != null) {
    if (!channel.models.includes(requested)) return invalid('model', `The channel does not serve ${requested}.`);
    return catalogue.byId.get(requested) ?? invalid('model', `${requested} is not in the catalogue.`);
  }
  const served = channel.models.map((m) => catalogue.byId.get(m)).filter((e): e is CatalogueEntry => e !== undefined);
  return served.find((e) => e.type !== 'SPEECH_TO_TEXT') ?? served[0] ?? invalid('model', 'The channel serves no catalogue model to test.');
}

/** Upstreams sometimes quote the key they refused; the recorded text must never hold it. */
function redact(text: string, apiKey: string): string {
  const clean = redactSecrets(text, [apiKey]).replace(/\s+/g, ' ').trim();
  return clean.length > ERROR_LIMIT ? `${clean.slice(0, ERROR_LIMIT - 1)}…` : clean;
}

/** What a probe with one key found, its error already redacted and cut to ERROR_LIMIT. */
export type KeyProbeResult =
  | { ok: true; status: number; latencyMs: number; reply: string }
  | { ok: false; status: number | null; latencyMs: number | null; error: string; keyInvalid: boolean };

/**
 * One small real request to the channel with `apiKey` ('' for a keyless channel; null when the
 * key does not decrypt, and then nothing is sent).
 */
export async function probeWithKey(
  probe: ChannelProbe,
  channel: IChannel,
  model: CatalogueEntry,
  apiKey: string | null,
): Promise<KeyProbeResult> {
  if (apiKey === null) {
    return { ok: false, status: null, latencyMs: null, error: 'The channel key cannot be decrypted (was SECRET_KEY changed?).', keyInvalid: false };
  }
  const result: ChannelProbeResult = await probe({
    protocol: channel.protocol,
    modelId: model.modelId,
    modelType: model.type,
    upstreamModel: channel.modelMapping[model.modelId] ?? model.modelId,
    maxOutputTokens: model.maxOutputTokens,
    baseUrl: channel.baseUrl,
    apiKey,
    firstByteTimeoutMs: channel.firstByteTimeoutMs,
    totalTimeoutMs: channel.totalTimeoutMs,
  });
  return result.ok ? result : { ...result, error: redact(result.error, apiKey) };
}

/**
 * Records a test's outcome on the channel. Only the test columns: an admin's concurrent edit of
 * the settings is never overwritten, and updated_at keeps meaning "settings changed".
 */
export async function recordChannelTest(em: EntityManager, channelId: number, testedAt: Date, result: KeyProbeResult): Promise<void> {
  await em.getConnection().execute(
    'update channels set last_test_at = ?, last_test_ok = ?, last_test_latency_ms = ?, last_test_error = ? where id = ?',
    [testedAt, result.ok, result.latencyMs, result.ok ? null : result.error, channelId],
    'run',
  );
}

/**
 * Sends one small real request to a channel through its protocol's adapter and records the
 * result on the channel (last test time, outcome, latency, error). Nothing is billed or logged
 * as usage, the breaker is not touched (it reflects real traffic), and the status stays as it
 * is whatever the outcome.
 */
export async function testChannel(
  deps: ChannelTesterDeps,
  id: string | number,
  options: { model?: string | null } = {},
): Promise<Outcome<ChannelTestReport>> {
  const channelId = toEntityId(id);
  const channel = channelId === null ? null : await deps.em.findOne(Channel, { id: channelId, deletedAt: null });
  if (!channel) return notFound('Channel');
  const model = chooseModel(channel, options.model, await deps.catalogue.get());
  if ('reason' in model) return model;

  const result = await probeWithKey(deps.probe, channel, model, await probeKeyOf(deps.em, deps.secretBox, channel.id));
  const testedAt = new Date();
  await recordChannelTest(deps.em, channel.id, testedAt, result);
  const refreshed = (await deps.em.refresh(channel)) ?? channel;
  await deps.changeBus.publish({ topic: 'channel', id: String(channel.id) });
  return ok({
    ok: result.ok,
    latencyMs: result.latencyMs,
    status: result.status,
    error: result.ok ? null : result.error,
    keyInvalid: !result.ok && result.keyInvalid,
    model: model.modelId,
    reply: result.ok ? result.reply : null,
    testedAt,
    channel: refreshed,
  });
}
