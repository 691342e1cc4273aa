// String unions shared by entities, domain services and the GraphQL enums.
export const USER_ROLES = ['USER', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const TOKEN_STATUSES = ['ACTIVE', 'DISABLED', 'REVOKED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const MODEL_TYPES = ['CHAT', 'REASONING', 'SPEECH_TO_TEXT', 'EMBEDDING', 'IMAGE', 'TEXT_TO_SPEECH', 'RERANK', 'MODERATION', 'REALTIME'] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const MODEL_TIERS = ['FREE', 'SVIP'] as const;
export type ModelTier = (typeof MODEL_TIERS)[number];

/** What a model takes in or gives back; EMBEDDING is a vector output. */
export const MODALITIES = ['TEXT', 'IMAGE', 'AUDIO', 'VIDEO', 'EMBEDDING'] as const;
export type Modality = (typeof MODALITIES)[number];

export const MODEL_STATUSES = ['ACTIVE', 'DEPRECATED', 'HIDDEN'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

export { CHANNEL_PROTOCOLS, type ChannelProtocol } from '../../lib/channel-protocol';

/** What a channel request override changes (channels.overrides), and how. */
export const OVERRIDE_TARGETS = ['BODY', 'HEADER'] as const;
export type OverrideTarget = (typeof OVERRIDE_TARGETS)[number];
export const OVERRIDE_OPS = ['SET', 'REMOVE'] as const;
export type OverrideOp = (typeof OVERRIDE_OPS)[number];

/** One request override as stored in channels.overrides (checked by domain/channels/channel-overrides.ts). */
export interface ChannelOverride {
  target: OverrideTarget;
  /** SET adds the field or header, or replaces it; REMOVE deletes it when present. */
  op: OverrideOp;
  /** BODY: a JSON pointer (`/stream_options/include_usage`); HEADER: the header's name. */
  path: string;
  /** SET only. BODY: the value as JSON text (`true`, `"high"`, `{"a":1}`); HEADER: the header's value. */
  value: string | null;
  /** Catalogue model ids this rule is for; empty: every model of the channel. */
  models: string[];
}

/** DISABLED_AUTO is set by the gateway itself (e.g. the upstream rejected the channel's key). */
export const CHANNEL_STATUSES = ['ENABLED', 'DISABLED_MANUAL', 'DISABLED_AUTO'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

/** A channel key's state: DISABLED_AUTO when the upstream refused it, DISABLED_MANUAL by an admin. */
export const CHANNEL_KEY_STATUSES = ['ENABLED', 'DISABLED_AUTO', 'DISABLED_MANUAL'] as const;
export type ChannelKeyStatus = (typeof CHANNEL_KEY_STATUSES)[number];

export const PACKAGE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const ORDER_STATUSES = ['PENDING', 'PAID', 'CANCELLED', 'REFUNDED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Why a CANCELLED order was cancelled; only EXPIRED orders may still be paid by a late provider payment. */
export const ORDER_CANCEL_REASONS = ['EXPIRED', 'ADMIN', 'CHECKOUT_FAILED'] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'EXPIRED', 'CANCELLED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const REDEMPTION_KINDS = ['QUOTA', 'PACKAGE'] as const;
export type RedemptionKind = (typeof REDEMPTION_KINDS)[number];

export const REDEMPTION_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

export const QUOTA_BUCKETS = ['FREE', 'SUBSCRIPTION'] as const;
export type QuotaBucket = (typeof QUOTA_BUCKETS)[number];

export const LEDGER_KINDS = [
  'SIGNUP_GRANT',
  'CHECK_IN',
  'REDEMPTION',
  'PURCHASE',
  'ADMIN_ADJUSTMENT',
  'USAGE_CHARGE',
  'REFUND',
  /** To an inviter when the person they invited confirms their e-mail address. */
  'INVITE_REWARD',
  /** To an inviter: a share of an order the person they invited paid. */
  'INVITE_COMMISSION',
  /** Takes an INVITE_COMMISSION back when its order is refunded. */
  'INVITE_COMMISSION_REVERSAL',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const USAGE_OUTCOMES = [
  'SUCCESS',
  'CLIENT_ABORTED',
  'UPSTREAM_FAILED_MID_STREAM',
  'REJECTED',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'NO_CHANNEL',
] as const;
export type UsageOutcome = (typeof USAGE_OUTCOMES)[number];

/** Why a model price version exists: the model's first price, an admin's change, a vendor-wide discount. */
export const PRICE_CHANGE_KINDS = ['INITIAL', 'SET', 'VENDOR_DISCOUNT'] as const;
export type PriceChangeKind = (typeof PRICE_CHANGE_KINDS)[number];

/**
 * Kinds of input the gateway cannot measure before the upstream bills them (held at the model's
 * context length, or refused per model): a media URL, a vendor file id, a document its vendor
 * does not bill by the page, a media type it cannot read, vendor-side cached content, a server
 * tool whose uses the upstream decides.
 */
export const UNMEASURED_INPUTS = ['URL', 'FILE_ID', 'DOCUMENT', 'UNKNOWN_MEDIA', 'CACHED_CONTENT', 'SERVER_TOOL'] as const;
export type UnmeasuredInput = (typeof UNMEASURED_INPUTS)[number];

/** How a group picks among the channels that may serve a request (src/domain/routing/routing-policy.ts). */
export const ROUTING_POLICIES = ['PRIORITY', 'CHEAPEST', 'BALANCED'] as const;
export type RoutingPolicy = (typeof ROUTING_POLICIES)[number];

/** Calendar windows a spend budget resets on, in the user's time zone. */
export const BUDGET_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
