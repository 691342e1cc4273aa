/**
 * Contract between the data plane (src/gateway) and the billing core.
 * Money is always bigint quota units; no floats anywhere on this path.
 */

/** Quota units per 1M tokens of each kind; a null cache price falls back as `costOf` says. */
export interface TokenRates {
  inputPrice: bigint;
  outputPrice: bigint;
  cacheReadPrice: bigint | null;
  /** A 5-minute cache write (Anthropic: 1.25x input), and any write whose duration is not reported. */
  cacheWritePrice: bigint | null;
  /** A 1-hour cache write (Anthropic: 2x input). */
  cacheWrite1hPrice: bigint | null;
}

/**
 * A second price set a vendor applies to every token of a request whose prompt is above
 * `threshold` tokens (Anthropic's 1M-context models, Gemini 2.5 Pro: above 200,000).
 */
export interface LongContextTier extends TokenRates {
  threshold: number;
}

/** Catalogue prices: quota units per 1M tokens, per request, per audio minute. */
export interface PriceSheet extends TokenRates, RerankRealtimeRates {
  requestPrice: bigint;
  audioMinutePrice: bigint;
  longContext: LongContextTier | null;
  /** Images and speech synthesis (absent: none; moderation is priced per request by `requestPrice`). */
  media?: MediaPrices;
}

// ---- Media products: images and speech synthesis ----

/**
 * One size and quality of a model's images: `price` is quota units per image (DALL-E, Imagen);
 * `outputTokens` the most image output tokens one such image is billed (gpt-image-1, Gemini
 * image models: what the hold is made of, the upstream's report being what is charged).
 * `size` and `quality` are the request's words (`1024x1024`, `hd`); `*` matches any.
 */
export interface ImagePriceRow {
  size: string;
  quality: string;
  price: bigint;
  outputTokens: number;
}

/**
 * The prices a media model adds to the token ones. For token-priced image models `inputPrice`
 * is their text input, `outputPrice` their image output and `imageInputPrice` their image
 * input, per 1M tokens; for token-priced speech models (gpt-4o-mini-tts) `inputPrice` is text in
 * and `outputPrice` audio out. `characterPrice` is per 1M characters of speech input (tts-1).
 */
export interface MediaPrices {
  imagePrices: readonly ImagePriceRow[];
  imageInputPrice: bigint;
  characterPrice: bigint;
}

/** What a media request delivered, in the units its prices are in. */
export interface MediaUsage {
  /** Images delivered, priced by the row of `imageSize` and `imageQuality`. */
  images?: number;
  imageSize?: string;
  imageQuality?: string;
  /** Image input tokens (part of no other count: `promptTokens` are then the text input only). */
  imageInputTokens?: number;
  /** Characters of speech input. */
  characters?: number;
}

// --- Rerank and realtime voice price kinds (kept together, apart from the other products' kinds) ---
/**
 * Absent fields price nothing (search units) or fall back to the text rates (audio tokens), so a
 * sheet written before these kinds existed prices exactly as it did.
 */
export interface RerankRealtimeRates {
  /** Quota units per search unit (Cohere: one query over up to 100 documents of up to 500 tokens). */
  searchUnitPrice?: bigint;
  /** Per 1M uncached audio input tokens (realtime, audio chat models); null or absent: the input price. */
  audioInputPrice?: bigint | null;
  /** Per 1M audio output tokens; null or absent: the output price. */
  audioOutputPrice?: bigint | null;
}

/** What rerank and realtime upstreams report beside tokens; each part of MeteredUsage's counts, absent: none. */
export interface RerankRealtimeUsage {
  searchUnits?: number;
  /** The uncached audio part of promptTokens (cached audio is priced as any cached token). */
  audioPromptTokens?: number;
  /** The audio part of completionTokens. */
  audioCompletionTokens?: number;
}
// --- end of rerank and realtime voice price kinds ---

/**
 * promptTokens counts ALL input tokens incl. cache reads/writes (OpenAI sense);
 * cacheWriteTokens counts every cache write, cacheWrite1hTokens the part of them that are
 * 1-hour writes (absent: none). Cache tokens are priced at their own rates (see costOf).
 */
export interface MeteredUsage extends RerankRealtimeUsage {
  promptTokens: number;
  completionTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
  cacheWrite1hTokens?: number;
  audioMs: number;
  /** Images and speech synthesis (absent: none). */
  media?: MediaUsage;
  /** Server-tool uses, each at the model's serverToolUsePrice (see serverToolCostOf); absent: none. */
  serverToolUses?: number;
}

/** An exact ratio (e.g. group multiplier "1.5" = 3/2); den > 0. */
export interface PriceMultiplier {
  num: bigint;
  den: bigint;
}

/** BILLING_COMMIT: whether billing statements wait for the WAL flush ('durable') or not ('fast'). */
export type BillingCommitMode = 'fast' | 'durable';

export interface ReserveRequest {
  requestId: string;
  userId: number;
  tokenId: number;
  tier: 'FREE' | 'SVIP';
  amount: bigint;
}

export interface Reservation {
  requestId: string;
  userId: number;
  tokenId: number;
  bucket: 'FREE' | 'SUBSCRIPTION';
  subscriptionId: number | null;
  amount: bigint;
  /** Admitted out of this quota lease (src/domain/billing/quota-leases.ts) rather than by a reservation row of its own. */
  leaseId?: string;
}

export type ReserveResult =
  /** `spare`: what the paying bucket (and the token's cap) could still hold right after this hold. */
  | { ok: true; reservation: Reservation; spare: bigint }
  | { ok: false; reason: 'INSUFFICIENT_QUOTA' | 'TOKEN_QUOTA_EXCEEDED' | 'SUBSCRIPTION_REQUIRED' }
  /** A spend budget (the key's or its owner's) has no room for this hold in its window, which ends at `resetsAt`. */
  | { ok: false; reason: 'BUDGET_EXCEEDED'; scope: 'KEY' | 'USER'; resetsAt: Date };

export interface SettleResult {
  /** What was actually taken from the bucket and written to the ledger (never more than the cost). */
  charged: bigint;
  alreadySettled: boolean;
  /** cost - charged: what neither the balance (beyond other holds) nor the key's cap could cover. */
  uncovered: bigint;
}

/** Who served the request, for the operator alert when part of its cost cannot be covered. */
export interface SettleContext {
  channelId?: number | null;
}

export interface Billing {
  reserve(request: ReserveRequest): Promise<ReserveResult>;
  /**
   * Charges the request's whole `cost` (the caller has already capped what the upstream cannot
   * legitimately bill): the hold first, the part above it from the bucket's unreserved balance in
   * the same transaction, never below zero, never another request's hold, never past the key's
   * quota cap. What cannot be covered is returned as `uncovered`, counted and alerted. Releases the
   * rest of the hold; idempotent by requestId. cost 0n = release, no ledger row.
   */
  settle(reservation: Reservation, cost: bigint, context?: SettleContext): Promise<SettleResult>;
  /**
   * The request started delivering output to its caller (its first usable byte): should this
   * process die before the settle, recovery charges the hold instead of releasing it.
   */
  markDelivered(reservation: Reservation): void;
  /** Failure: release everything, no ledger row. Idempotent. */
  release(reservation: Reservation): Promise<void>;
  /** Tiers unlocked right now by the user's active subscriptions (for /v1/models and the 403 check); cached, invalidated via changeBus topic 'subscription' (id = userId). */
  activeTiers(userId: number): Promise<ReadonlySet<string>>;
}
