import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelProtocol } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';
import type { ChannelInfo, ChannelKeyInfo, ChannelSnapshot } from './channel.types';

interface ChannelRow {
  id: number;
  name: string;
  protocol: ChannelProtocol;
  base_url: string;
  models: string[] | null;
  model_mapping: Record<string, string> | string | null;
  groups: string[] | null;
  priority: number;
  weight: number;
  first_byte_timeout_ms: number;
  total_timeout_ms: number;
  demo: boolean;
}

interface KeyRow {
  id: number;
  channel_id: number;
  secret_ciphertext: string;
  status: string;
}

const CHANNELS_SQL = `select id, name, protocol, base_url, models, model_mapping, groups, priority, weight,
                             first_byte_timeout_ms, total_timeout_ms, demo
                        from channels where status = 'ENABLED' and deleted_at is null`;
// Every key of the enabled channels, disabled ones too: a channel whose keys are all disabled is
// out of routing, while one that never had a key is keyless and stays in.
const KEYS_SQL = `select k.id, k.channel_id, k.secret_ciphertext, k.status
                    from channel_keys k join channels c on c.id = k.channel_id
                   where c.status = 'ENABLED' and c.deleted_at is null
                   order by k.channel_id, k.id`;

/**
 * Enabled channels in memory, indexed by (model, group). Reloaded whole on topic `channel`
 * (or `all`): channel counts are in the low thousands, so a reload is one cheap query.
 */
export class ChannelDirectory {
  private readonly snapshot: ReloadableSnapshot<ChannelSnapshot>;
  /** (channel, envelope) -> plaintext of the last load, so a reload decrypts only new keys. */
  private openedKeys: ReadonlyMap<string, string> = new Map();

  constructor(orm: MikroORM, changeBus: ChangeBus, private readonly secretBox: SecretBox, private readonly logger: Logger, maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(async () => {
      const connection = orm.em.getConnection();
      const [channels, keys] = await Promise.all([connection.execute<ChannelRow[]>(CHANNELS_SQL), connection.execute<KeyRow[]>(KEYS_SQL)]);
      return this.index(channels, keys);
    }, {
      maxAgeMs,
      onBackgroundError: (err) => logger.warn('channel refresh failed', { error: err as Error }),
    });
    changeBus.subscribe(({ topic }) => {
      if (topic === 'channel' || topic === 'all') this.snapshot.invalidate();
    });
  }

  get(): Promise<ChannelSnapshot> | ChannelSnapshot {
    return this.snapshot.get();
  }

  /** The decrypted key for a sealed envelope; the previous load's answer is reused (thousands of keys per reload). */
  private openKey(row: KeyRow, previous: ReadonlyMap<string, string>, opened: Map<string, string>): string | undefined {
    // Keyed by channel too: an envelope only opens for the channel it was sealed for, so one
    // copied to another channel's row must not find its plaintext here either.
    const context = channelSecretContext(Number(row.channel_id));
    const cacheKey = `${context}|${row.secret_ciphertext}`;
    let apiKey = previous.get(cacheKey);
    if (apiKey === undefined) {
      try {
        apiKey = this.secretBox.open(row.secret_ciphertext, context);
      } catch {
        // A key sealed with another SECRET_KEY: calling with it would only earn a 401.
        this.logger.error('cannot decrypt a channel key; key skipped (check SECRET_KEY)', { channelId: Number(row.channel_id), keyId: Number(row.id) });
        return undefined;
      }
    }
    opened.set(cacheKey, apiKey);
    return apiKey;
  }

  private index(rows: ChannelRow[], keyRows: KeyRow[]): ChannelSnapshot {
    const opened = new Map<string, string>();
    const keysOf = new Map<number, ChannelKeyInfo[]>();
    for (const row of keyRows) {
      const channelId = Number(row.channel_id);
      let list = keysOf.get(channelId);
      if (!list) keysOf.set(channelId, (list = []));
      if (row.status !== 'ENABLED') continue;
      const apiKey = this.openKey(row, this.openedKeys, opened);
      if (apiKey !== undefined) list.push({ id: Number(row.id), apiKey, refused: false });
    }
    this.openedKeys = opened;
    const byId = new Map<number, ChannelInfo>();
    const byModelGroup = new Map<string, Map<string, ChannelInfo[]>>();
    const demoIds = new Set<number>();
    for (const row of rows) {
      const keys = keysOf.get(Number(row.id));
      // Keys exist but none is usable: the channel is unavailable until one is enabled again.
      if (keys && keys.length === 0) continue;
      const channel = this.toInfo(row, keys ?? []);
      if (row.demo) demoIds.add(channel.id);
      byId.set(channel.id, channel);
      for (const model of channel.models) {
        let groups = byModelGroup.get(model);
        if (!groups) byModelGroup.set(model, (groups = new Map()));
        for (const group of channel.groups) {
          let list = groups.get(group);
          if (!list) groups.set(group, (list = []));
          list.push(channel);
        }
      }
    }
    for (const groups of byModelGroup.values()) {
      withoutDemoWhereReal(groups, demoIds);
      for (const list of groups.values()) list.sort((a, b) => b.priority - a.priority || a.id - b.id);
    }
    return { byId, byModelGroup };
  }

  private toInfo(row: ChannelRow, keys: ChannelKeyInfo[]): ChannelInfo {
    const mapping = typeof row.model_mapping === 'string' ? (JSON.parse(row.model_mapping) as Record<string, string>) : row.model_mapping;
    return {
      id: Number(row.id),
      name: row.name,
      protocol: row.protocol,
      baseUrl: row.base_url,
      keys,
      nextKey: 0,
      models: new Set(row.models ?? []),
      modelMapping: mapping ?? {},
      groups: new Set(row.groups ?? []),
      priority: Number(row.priority),
      weight: Number(row.weight),
      firstByteTimeoutMs: Number(row.first_byte_timeout_ms),
      totalTimeoutMs: Number(row.total_timeout_ms),
    };
  }
}

/**
 * The demo channel (a local echo server) is never a billing trap: once any other enabled channel
 * serves a model, in any group, the demo channel is out of that model's routing everywhere, so a
 * paying request never lands on an echo because of priority, weight or a tripped breaker.
 */
function withoutDemoWhereReal(groups: Map<string, ChannelInfo[]>, demoIds: ReadonlySet<number>): void {
  if (demoIds.size === 0) return;
  let real = false;
  for (const list of groups.values()) if (list.some((c) => !demoIds.has(c.id))) real = true;
  if (!real) return;
  for (const [group, list] of groups) {
    const kept = list.filter((c) => !demoIds.has(c.id));
    if (kept.length === 0) groups.delete(group);
    else groups.set(group, kept);
  }
}
