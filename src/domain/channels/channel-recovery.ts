import type { EntityManager } from '@mikro-orm/postgresql';
import { Channel, ChannelKey, type IChannelKey } from '../../db/entities';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';
import type { CatalogueSnapshot } from '../catalogue/catalogue.types';
import type { ChannelProbe } from './channel-probe.types';
import { chooseModel, probeWithKey, recordChannelTest, type KeyProbeResult } from './channel-tester';
import type { KeyProbeBackoff } from './key-probe-backoff';

export interface ChannelRecoveryDeps {
  em: EntityManager;
  secretBox: SecretBox;
  catalogue: { get(): Promise<CatalogueSnapshot> | CatalogueSnapshot };
  probe: ChannelProbe;
  /** Spaces out the probes of a key the vendor keeps refusing, in the cluster's probe rounds; absent: every key every time. */
  backoff?: { policy: KeyProbeBackoff; round: number };
}

export interface ChannelRecovery {
  /** At least one key (or the keyless channel) answered. */
  answered: boolean;
  latencyMs: number | null;
  /** Keys this call put back (another instance probing at once may have put some back first). */
  keysReenabled: number[];
  /** This call put the channel back from DISABLED_AUTO. */
  channelReenabled: boolean;
  /** The channel's own health was probed and recorded as its last test. */
  channelTested: boolean;
}

/**
 * Channels holding something the gateway took out by itself: the channel (DISABLED_AUTO), or a
 * key refused by the vendor while other keys kept the channel ENABLED. Admin-disabled channels
 * are left alone.
 */
export async function channelsWithAutoDisabledParts(em: EntityManager): Promise<number[]> {
  const rows = await em.getConnection().execute<{ id: number }[]>(
    `select c.id from channels c
      where c.deleted_at is null
        and (c.status = 'DISABLED_AUTO'
          or (c.status = 'ENABLED' and exists (select 1 from channel_keys k where k.channel_id = c.id and k.status = 'DISABLED_AUTO')))
      order by c.id`,
  );
  return rows.map((r) => Number(r.id));
}

function openKey(secretBox: SecretBox, key: IChannelKey, channelId: number): string | null {
  try {
    return secretBox.open(key.secretCiphertext, channelSecretContext(channelId));
  } catch {
    return null;
  }
}

/** No answer, or the upstream failing as a whole: the channel's other keys would learn nothing this round. */
function upstreamDown(result: KeyProbeResult, sent: boolean): boolean {
  return !result.ok && sent && (result.status === null || result.status >= 500);
}

/**
 * Probes what was disabled automatically on one channel and puts back what answers:
 * - each DISABLED_AUTO key with itself, when `backoff` says it is due; one that answers goes back to ENABLED;
 * - when the channel is DISABLED_AUTO or its breaker is open (`tripped`), the channel's own
 *   health first, with its first ENABLED key (or keyless); that outcome is its last test;
 * - the channel goes DISABLED_AUTO -> ENABLED when any of them answered.
 * DISABLED_MANUAL keys and channels are never probed nor touched. Every change is one
 * conditional UPDATE, so several instances probing at once is harmless.
 */
export async function probeForRecovery(deps: ChannelRecoveryDeps, channelId: number, tripped: boolean): Promise<ChannelRecovery | null> {
  const { em } = deps;
  const channel = await em.findOne(Channel, { id: channelId, deletedAt: null });
  if (!channel || channel.status === 'DISABLED_MANUAL') return null;
  const model = chooseModel(channel, null, await deps.catalogue.get());
  if ('reason' in model) return null;
  const keys = await em.find(ChannelKey, { channel: channelId }, { orderBy: { id: 'asc' }, populate: ['secretCiphertext'] });
  const enabled = keys.find((k) => k.status === 'ENABLED');
  const channelDown = channel.status === 'DISABLED_AUTO' || tripped;

  // The channel's own health first (with a key in use, as the admin test does; '' when keyless),
  // then each refused key with itself. A channel whose keys an admin all disabled has nothing to probe with.
  const attempts: Array<IChannelKey | null> = [];
  if (channelDown && (enabled || keys.length === 0)) attempts.push(enabled ?? null);
  attempts.push(...keys.filter((k) => k.status === 'DISABLED_AUTO' && (deps.backoff?.policy.due(k, deps.backoff.round) ?? true)));

  const results: KeyProbeResult[] = [];
  const keysReenabled: number[] = [];
  for (const key of attempts) {
    const apiKey = key ? openKey(deps.secretBox, key, channelId) : '';
    const result = await probeWithKey(deps.probe, channel, model, apiKey);
    results.push(result);
    const down = upstreamDown(result, apiKey !== null);
    if (key?.status === 'DISABLED_AUTO') {
      if (deps.backoff) await deps.backoff.policy.record(em, key, result.ok ? 'answered' : down ? 'upstream down' : 'refused', deps.backoff.round);
      if (result.ok && (await reenableKey(em, key.id))) keysReenabled.push(key.id);
    }
    if (down) break;
  }

  const answered = results.find((r) => r.ok);
  // The channel's last test says whether it answers at all; a healthy channel's refused key is not the channel failing.
  const channelTested = channelDown && results.length > 0;
  if (channelTested) await recordChannelTest(em, channelId, new Date(), answered ?? results[0]!);
  const channelReenabled = answered !== undefined && channel.status === 'DISABLED_AUTO' && (await reenableChannel(em, channelId));
  return { answered: answered !== undefined, latencyMs: answered?.latencyMs ?? null, keysReenabled, channelReenabled, channelTested };
}

async function reenableKey(em: EntityManager, keyId: number): Promise<boolean> {
  const result = await em.getConnection().execute(
    `update channel_keys set status = 'ENABLED', disabled_reason = null, disabled_at = null where id = ? and status = 'DISABLED_AUTO'`,
    [keyId],
    'run',
  );
  return Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}

async function reenableChannel(em: EntityManager, channelId: number): Promise<boolean> {
  const result = await em.getConnection().execute(
    `update channels set status = 'ENABLED', status_reason = null, updated_at = now() where id = ? and status = 'DISABLED_AUTO'`,
    [channelId],
    'run',
  );
  return Number((result as { affectedRows?: number }).affectedRows ?? 0) > 0;
}
