import type { ChannelProtocol, ModelType } from '../../db/entities';

/** One small real request to a channel, as the channel tester asks for it. */
export interface ChannelProbeRequest {
  protocol: ChannelProtocol;
  /** The catalogue id; chat models get a one-word chat, speech models a short silent WAV. */
  modelId: string;
  modelType: ModelType;
  /** The channel's name for the model (its mapping), else the catalogue id. */
  upstreamModel: string;
  maxOutputTokens: number;
  baseUrl: string;
  apiKey: string;
  firstByteTimeoutMs: number;
  totalTimeoutMs: number;
}

export type ChannelProbeResult =
  | { ok: true; status: number; latencyMs: number; /** The start of what the model answered. */ reply: string }
  | {
      ok: false;
      /** The upstream's HTTP status; null when no answer came (timeout, connection refused, no adapter). */
      status: number | null;
      /** null when no request was sent. */
      latencyMs: number | null;
      error: string;
      /** The upstream refused the key (401/403 in the protocol's own terms). */
      keyInvalid: boolean;
    };

/**
 * Sends the probe through the protocol's adapter. Implemented by the gateway, which owns vendor
 * knowledge and the upstream connection pools; the domain only decides what to test and records it.
 */
export type ChannelProbe = (request: ChannelProbeRequest) => Promise<ChannelProbeResult>;
