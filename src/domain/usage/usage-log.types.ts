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
  /** Full computed cost (may exceed what was charged when a bucket ran dry). */
  cost: bigint;
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
