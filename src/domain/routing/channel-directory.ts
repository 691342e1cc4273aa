import type { MikroORM } from '@mikro-orm/postgresql';
import type { ChannelProtocol } from '../../db/entities';
import type { ChangeBus } from '../../lib/change-bus';
import type { Logger } from '../../lib/logger';
import { ReloadableSnapshot } from '../../lib/reloadable-snapshot';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';
import { compileOverrides } from '../channels/channel-overrides';
import type { ChannelInfo, ChannelKeyInfo, ChannelSnapshot } from './channel.types';
import { costBasisOf, type ChannelPriceRow } from './channel-price-rows';

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
  cost_multiplier: string | null;
  overrides: unknown;
}

interface KeyRow {
  id: number;
  channel_id: number;
  secret_ciphertext: string;
  status: string;
}

const CHANNEL_COLUMNS = `id, name, protocol, base_url, models, model_mapping, groups, priority, weight,
                         first_byte_timeout_ms, total_timeout_ms, demo, cost_multiplier, overrides`;
const CHANNELS_SQL = `select ${CHANNEL_COLUMNS} from channels where status = 'ENABLED' and deleted_at is null`;
// Every key of the enabled channels, disabled ones too: a channel whose keys are all disabled is
// out of routing, while one that never had a key is keyless and stays in.
const KEYS_SQL = `select k.id, k.channel_id, k.secret_ciphertext, k.status
                    from channel_keys k join channels c on c.id = k.channel_id
                   where c.status = 'ENABLED' and c.deleted_at is null
                   order by k.channel_id, k.id`;
// The same, for the channels named in a change (a Postgres int[] literal of ids).
const SOME_CHANNELS_SQL = `${CHANNELS_SQL} and id = any(?::int[])`;
const SOME_KEYS_SQL = KEYS_SQL.replace('order by', 'and c.id = any(?::int[]) order by');
// Every version of the enabled channels' own price lists, scheduled ones too (they take effect
// without a reload); few rows: one per (channel, model, price change).
const PRICES_SQL = `select p.* from channel_prices p join channels c on c.id = p.channel_id
                    where c.status = 'ENABLED' and c.deleted_at is null
                    order by p.channel_id, p.model_id, p.effective_at, p.id`;
const SOME_PRICES_SQL = PRICES_SQL.replace('order by', 'and c.id = any(?::int[]) order by');

/** The routing snapshot plus what an incremental update needs: which channels serve each model, demo ones included. */
interface DirectoryIndex extends ChannelSnapshot {
  byId: Map<number, ChannelInfo>;
  byModelGroup: Map<string, Map<string, ChannelInfo[]>>;
  servedBy: Map<string, Set<number>>;
  demoIds: Set<number>;
}

/**
 * Enabled channels in memory, indexed by (model, group). A change to one channel (a change-bus
 * event carrying its id) reloads only that channel and re-indexes only its models, so applying
 * it costs the same at 2,000 channels as at 10; a change without an id (bulk edits, imports, a
 * bus reconnect) reloads everything, and so does the age limit, as a safety net for a missed
 * notification. Unchanged channels keep their objects, and with them their round-robin state.
 */
export class ChannelDirectory {
  private readonly snapshot: ReloadableSnapshot<DirectoryIndex>;
  /**
   * (channel, envelope) -> plaintext of the last full load plus incremental ones since, so a reload
   * decrypts only new keys. Incremental loads add to it in place (copying 20,000 entries per
   * change would cost more than the change); a full load starts it afresh, dropping removed keys.
   */
  private openedKeys = new Map<string, string>();
  /** Channels changed since the snapshot in use; `full` when the change named none. */
  private readonly changed = new Set<number>();
  private full = true;
  private lastFullAt = 0;

  constructor(orm: MikroORM, changeBus: ChangeBus, private readonly secretBox: SecretBox, private readonly logger: Logger, private readonly maxAgeMs = 60_000) {
    this.snapshot = new ReloadableSnapshot(() => this.load(orm), {
      maxAgeMs,
      onBackgroundError: (err) => logger.warn('channel refresh failed', { error: err as Error }),
      onLoaded: () => {
        // Only a load no change overtook is kept (see ReloadableSnapshot), so it covered them all.
        this.changed.clear();
        this.full = false;
      },
    });
    changeBus.subscribe(({ topic, id }) => {
      if (topic !== 'channel' && topic !== 'all') return;
      const channelId = topic === 'channel' && id !== undefined ? Number(id) : NaN;
      if (Number.isSafeInteger(channelId) && channelId > 0) this.changed.add(channelId);
      else this.full = true;
      this.snapshot.invalidate();
    });
  }

  get(): Promise<ChannelSnapshot> | ChannelSnapshot {
    return this.snapshot.get();
  }

  private async load(orm: MikroORM): Promise<DirectoryIndex> {
    const connection = orm.em.getConnection();
    const previous = this.snapshot.peek();
    const fresh = Date.now() - this.lastFullAt < this.maxAgeMs;
    if (previous && !this.full && this.changed.size > 0 && fresh) {
      const ids = [...this.changed];
      const idList = `{${ids.join(',')}}`;
      const [channels, keys, prices] = await Promise.all([
        connection.execute<ChannelRow[]>(SOME_CHANNELS_SQL, [idList]),
        connection.execute<KeyRow[]>(SOME_KEYS_SQL, [idList]),
        connection.execute<ChannelPriceRow[]>(SOME_PRICES_SQL, [idList]),
      ]);
      return this.patch(previous, ids, channels, keys, groupPrices(prices));
    }
    const startedAt = Date.now();
    const [channels, keys, prices] = await Promise.all([
      connection.execute<ChannelRow[]>(CHANNELS_SQL), connection.execute<KeyRow[]>(KEYS_SQL), connection.execute<ChannelPriceRow[]>(PRICES_SQL),
    ]);
    const index = this.index(channels, keys, groupPrices(prices));
    this.lastFullAt = startedAt;
    return index;
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

  /** Enabled, decryptable keys by channel id; a channel with key rows but none usable maps to []. */
  private usableKeys(keyRows: KeyRow[], previous: ReadonlyMap<string, string>, opened: Map<string, string>): Map<number, ChannelKeyInfo[]> {
    const keysOf = new Map<number, ChannelKeyInfo[]>();
    for (const row of keyRows) {
      const channelId = Number(row.channel_id);
      let list = keysOf.get(channelId);
      if (!list) keysOf.set(channelId, (list = []));
      if (row.status !== 'ENABLED') continue;
      const apiKey = this.openKey(row, previous, opened);
      if (apiKey !== undefined) list.push({ id: Number(row.id), apiKey, refused: false });
    }
    return keysOf;
  }

  private index(rows: ChannelRow[], keyRows: KeyRow[], prices: ReadonlyMap<number, ChannelPriceRow[]>): DirectoryIndex {
    const opened = new Map<string, string>();
    const keysOf = this.usableKeys(keyRows, this.openedKeys, opened);
    this.openedKeys = opened;
    const index: DirectoryIndex = { byId: new Map(), byModelGroup: new Map(), servedBy: new Map(), demoIds: new Set() };
    for (const row of rows) addChannel(index, row, keysOf.get(Number(row.id)), prices.get(Number(row.id)));
    for (const model of index.servedBy.keys()) reindexModel(index, model);
    return index;
  }

  /** `previous` with the channels `ids` re-read: removed, replaced or added, and only their models re-indexed. */
  private patch(previous: DirectoryIndex, ids: number[], rows: ChannelRow[], keyRows: KeyRow[], prices: ReadonlyMap<number, ChannelPriceRow[]>): DirectoryIndex {
    const keysOf = this.usableKeys(keyRows, this.openedKeys, this.openedKeys);
    const index: DirectoryIndex = {
      byId: new Map(previous.byId), byModelGroup: new Map(previous.byModelGroup), servedBy: new Map(previous.servedBy), demoIds: new Set(previous.demoIds),
    };
    const models = new Set<string>();
    for (const id of ids) {
      const old = index.byId.get(id);
      if (!old) continue;
      index.byId.delete(id);
      index.demoIds.delete(id);
      for (const model of old.models) {
        models.add(model);
        const served = new Set(index.servedBy.get(model));
        served.delete(id);
        index.servedBy.set(model, served);
      }
    }
    for (const row of rows) {
      const added = addChannel(index, row, keysOf.get(Number(row.id)), prices.get(Number(row.id)), true);
      for (const model of added?.models ?? []) models.add(model);
    }
    for (const model of models) reindexModel(index, model);
    return index;
  }
}

/** Price-list rows by channel id. */
function groupPrices(rows: ChannelPriceRow[]): Map<number, ChannelPriceRow[]> {
  const byChannel = new Map<number, ChannelPriceRow[]>();
  for (const row of rows) {
    const id = Number(row.channel_id);
    let list = byChannel.get(id);
    if (!list) byChannel.set(id, (list = []));
    list.push(row);
  }
  return byChannel;
}

function toInfo(row: ChannelRow, keys: ChannelKeyInfo[], prices: ChannelPriceRow[] | undefined): ChannelInfo {
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
    cost: costBasisOf(row.cost_multiplier, prices ?? []),
    overrides: compileOverrides(typeof row.overrides === 'string' ? JSON.parse(row.overrides) : row.overrides),
  };
}

/** Adds a channel to `byId` and `servedBy`; `copySets` when those sets are shared with an older index. */
function addChannel(
  index: DirectoryIndex, row: ChannelRow, keys: ChannelKeyInfo[] | undefined, prices: ChannelPriceRow[] | undefined, copySets = false,
): ChannelInfo | undefined {
  // Keys exist but none is usable: the channel is unavailable until one is enabled again.
  if (keys && keys.length === 0) return undefined;
  const channel = toInfo(row, keys ?? [], prices);
  index.byId.set(channel.id, channel);
  if (row.demo) index.demoIds.add(channel.id);
  for (const model of channel.models) {
    const existing = index.servedBy.get(model);
    const served = copySets || !existing ? new Set(existing) : existing;
    served.add(channel.id);
    index.servedBy.set(model, served);
  }
  return channel;
}

/** Rebuilds one model's group -> channels lists from the channels serving it. */
function reindexModel(index: DirectoryIndex, model: string): void {
  const served = index.servedBy.get(model);
  if (!served || served.size === 0) {
    index.servedBy.delete(model);
    index.byModelGroup.delete(model);
    return;
  }
  const groups = new Map<string, ChannelInfo[]>();
  for (const id of served) {
    const channel = index.byId.get(id)!;
    for (const group of channel.groups) {
      let list = groups.get(group);
      if (!list) groups.set(group, (list = []));
      list.push(channel);
    }
  }
  withoutDemoWhereReal(groups, index.demoIds);
  for (const list of groups.values()) list.sort((a, b) => b.priority - a.priority || a.id - b.id);
  if (groups.size === 0) index.byModelGroup.delete(model);
  else index.byModelGroup.set(model, groups);
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
