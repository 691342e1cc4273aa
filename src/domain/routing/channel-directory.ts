import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelProtocol } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';
import type { ChannelInfo, ChannelSnapshot } from './channel.types';

interface ChannelRow {
  id: number;
  name: string;
  protocol: ChannelProtocol;
  base_url: string;
  secret_ciphertext: string | null;
  models: string[] | null;
  model_mapping: Record<string, string> | string | null;
  groups: string[] | null;
  priority: number;
  weight: number;
  first_byte_timeout_ms: number;
  total_timeout_ms: number;
}

const CHANNELS_SQL = `select id, name, protocol, base_url, secret_ciphertext, models, model_mapping, groups, priority, weight,
                             first_byte_timeout_ms, total_timeout_ms
                        from channels where status = 'ENABLED'`;

/**
 * Enabled channels in memory, indexed by (model, group). Reloaded whole on topic `channel`
 * (or `all`): channel counts are in the low thousands, so a reload is one cheap query.
 */
export class ChannelDirectory {
  private readonly snapshot: ReloadableSnapshot<ChannelSnapshot>;

  constructor(orm: MikroORM, changeBus: ChangeBus, private readonly secretBox: SecretBox, private readonly logger: Logger, maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(async () => this.index(await orm.em.getConnection().execute<ChannelRow[]>(CHANNELS_SQL)), {
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

  private index(rows: ChannelRow[]): ChannelSnapshot {
    const byId = new Map<number, ChannelInfo>();
    const byModelGroup = new Map<string, Map<string, ChannelInfo[]>>();
    for (const row of rows) {
      const channel = this.toInfo(row);
      if (!channel) continue;
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
      for (const list of groups.values()) list.sort((a, b) => b.priority - a.priority || a.id - b.id);
    }
    return { byId, byModelGroup };
  }

  private toInfo(row: ChannelRow): ChannelInfo | undefined {
    let apiKey = '';
    if (row.secret_ciphertext) {
      try {
        apiKey = this.secretBox.open(row.secret_ciphertext, channelSecretContext(Number(row.id)));
      } catch {
        // A key sealed with another SECRET_KEY: calling with no key would only earn a 401.
        this.logger.error('cannot decrypt channel key; channel skipped (check SECRET_KEY)', { channelId: row.id });
        return undefined;
      }
    }
    const mapping = typeof row.model_mapping === 'string' ? (JSON.parse(row.model_mapping) as Record<string, string>) : row.model_mapping;
    return {
      id: Number(row.id),
      name: row.name,
      protocol: row.protocol,
      baseUrl: row.base_url,
      apiKey,
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
