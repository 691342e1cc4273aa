/** One row per data-plane request; written off the response path by a UsageLogSink. */
export interface UsageLogRow {
  requestId: string;
  /** The client-facing API called: chat.completions, messages, responses, gemini, embeddings, audio. */
  surface: string;
  userId: number | null;
  tokenId: number | null;
  groupName: string | null;
  modelId: string | null;
  /** Channels tried in order. */
  attempts: Array<{ channelId: number; status: number | null; error: string | null; latencyMs: number }>;
  /** The channel that served (or last tried). */
  channelId: number | null;
  stream: boolean;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  audioMs: number;
  /** Images delivered and characters spoken (the media surfaces); absent: 0. */
  images?: number;
  characters?: number;
  /** Server-tool uses the upstream reported (charged at the model's per-use price); absent: 0. */
  serverToolUses?: number;
  /** The request's ledger charge (0 without one): spend statistics and exports add these up. */
  cost: bigint;
  /** What the upstream's report priced above the charge (the balance or the key's cap could not cover it); 0 when absent. */
  uncoveredCost?: bigint;
  /** What the upstream billed the operator (the serving channel's cost basis); 0 when absent. */
  upstreamCost?: bigint;
  /**
   * The settle's outcome is unknown (the database did not answer; the charge waits in the journal
   * or for recovery): `cost` is the price, and the writer takes the ledger's charge instead if it
   * has landed by then. Whichever lands second, the row or the charge, makes them agree.
   */
  chargeUnknown?: boolean;
  bucket: 'FREE' | 'SUBSCRIPTION' | null;
  subscriptionId: number | null;
  outcome:
    | 'SUCCESS'
    | 'CLIENT_ABORTED'
    | 'UPSTREAM_FAILED_MID_STREAM'
    | 'REJECTED'
    | 'UPSTREAM_ERROR'
    | 'UPSTREAM_TIMEOUT'
    | 'NO_CHANNEL';
  httpStatus: number;
  errorCode: string | null;
  latencyMs: number;
  ttftMs: number | null;
  createdAt: Date;
}

export interface UsageLogSink {
  /** Enqueues only; never awaits, never throws. */
  write(row: UsageLogRow): void;
  /** Writes everything queued so far. */
  flush(): Promise<void>;
}
