import type { ChannelProtocol } from '../../db/entities';

/** An enabled channel as routing needs it; the key is decrypted once per load, never logged. */
export interface ChannelInfo {
  id: number;
  name: string;
  protocol: ChannelProtocol;
  baseUrl: string;
  apiKey: string;
  models: ReadonlySet<string>;
  modelMapping: Readonly<Record<string, string>>;
  groups: ReadonlySet<string>;
  priority: number;
  weight: number;
  firstByteTimeoutMs: number;
  totalTimeoutMs: number;
}

export interface ChannelSnapshot {
  byId: ReadonlyMap<number, ChannelInfo>;
  /** model id -> group name -> channels serving both, highest priority first. */
  byModelGroup: ReadonlyMap<string, ReadonlyMap<string, readonly ChannelInfo[]>>;
}
