import type { ChannelProtocol } from '../../db/entities';
import type { ChannelCostBasis } from './cost-basis';
import type { CompiledOverride } from '../channels/channel-overrides';

/** An enabled upstream key, decrypted once per load (and reused across loads), never logged. */
export interface ChannelKeyInfo {
  id: number;
  apiKey: string;
  /** Set in memory the moment the upstream refuses it, before the database and other processes hear. */
  refused: boolean;
}

/** An enabled channel as routing needs it. */
export interface ChannelInfo {
  id: number;
  name: string;
  protocol: ChannelProtocol;
  baseUrl: string;
  /** Enabled keys; empty for a keyless channel (one that never had a key). */
  keys: readonly ChannelKeyInfo[];
  /** Round-robin position over `keys`; per process. */
  nextKey: number;
  models: ReadonlySet<string>;
  modelMapping: Readonly<Record<string, string>>;
  groups: ReadonlySet<string>;
  priority: number;
  weight: number;
  firstByteTimeoutMs: number;
  totalTimeoutMs: number;
  /** What its upstream charges the operator (upstream cost on usage rows, `cheapest` routing). */
  cost: ChannelCostBasis;
  /** Request overrides, applied to every request this channel sends (empty: none). */
  overrides: readonly CompiledOverride[];
}

export interface ChannelSnapshot {
  byId: ReadonlyMap<number, ChannelInfo>;
  /** model id -> group name -> channels serving both, highest priority first. */
  byModelGroup: ReadonlyMap<string, ReadonlyMap<string, readonly ChannelInfo[]>>;
}
