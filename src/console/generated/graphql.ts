/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AnnouncementInput = {
  /** Markdown, 1 to 20000 characters. */
  body: string;
  /** After startsAt; null or absent: shown until removed. */
  expiresAt?: string | null | undefined;
  /** Default: now (create) or unchanged (update). */
  startsAt?: string | null | undefined;
  /** 1 to 200 characters. */
  title: string;
};

export type BreakerState =
  /** Requests flow normally. */
  | 'CLOSED'
  /** The cooldown is over: the next request is a probe that closes or re-opens it. */
  | 'HALF_OPEN'
  /** Too many consecutive failures: routing skips the channel until openUntil. */
  | 'OPEN';

/** A calendar window in the owner's time zone: DAY, WEEK (from Monday) or MONTH. */
export type BudgetPeriod =
  | 'DAY'
  | 'MONTH'
  | 'WEEK';

export type ChannelFilter = {
  /** Channels serving this group. */
  group?: string | null | undefined;
  /** Channels serving this model id. */
  model?: string | null | undefined;
  nameContains?: string | null | undefined;
  protocol?: ChannelProtocol | null | undefined;
  status?: ChannelStatus | null | undefined;
  /** Channels carrying this tag. */
  tag?: string | null | undefined;
};

/** JSON: an array of CreateChannelInput objects (+ keys, tags). CSV: a header row of the same names, lists separated by |, modelMapping as model=upstream pairs separated by |. */
export type ChannelImportFormat =
  | 'CSV'
  | 'JSON';

/** DISABLED_AUTO: the upstream refused the key. DISABLED_MANUAL: an admin took it out. */
export type ChannelKeyStatus =
  | 'DISABLED_AUTO'
  | 'DISABLED_MANUAL'
  | 'ENABLED';

export type ChannelOverrideInput = {
  models?: Array<string> | null | undefined;
  op: ChannelOverrideOp;
  path: string;
  target: ChannelOverrideTarget;
  value?: string | null | undefined;
};

/** SET adds or replaces; REMOVE deletes when present. */
export type ChannelOverrideOp =
  | 'REMOVE'
  | 'SET';

/** BODY: a field of the JSON body, by JSON pointer. HEADER: an HTTP request header. */
export type ChannelOverrideTarget =
  | 'BODY'
  | 'HEADER';

export type ChannelProtocol =
  | 'ANTHROPIC'
  | 'GEMINI'
  | 'OPENAI';

/** DISABLED_AUTO is set by the gateway itself, e.g. when the upstream rejects the key. */
export type ChannelStatus =
  | 'DISABLED_AUTO'
  | 'DISABLED_MANUAL'
  | 'ENABLED';

export type ChannelTagUpdateInput = {
  priority?: number | null | undefined;
  /** ENABLED or DISABLED_MANUAL. */
  status?: ChannelStatus | null | undefined;
  weight?: number | null | undefined;
};

export type CreateChannelInput = {
  /** e.g. https://api.openai.com/v1 */
  baseUrl: string;
  firstByteTimeoutMs?: number | null | undefined;
  /** Group names this channel serves. */
  groups?: Array<string> | null | undefined;
  /** Upstream keys; requests rotate over them. Encrypted at rest; never returned. */
  keys?: Array<string> | null | undefined;
  /** Upstream names where they differ from ours. */
  modelMapping?: Array<ModelMappingInput> | null | undefined;
  /** Catalogue model ids this channel serves. */
  models?: Array<string> | null | undefined;
  name: string;
  /** Request overrides (body fields by JSON pointer, headers). */
  overrides?: Array<ChannelOverrideInput> | null | undefined;
  priority?: number | null | undefined;
  protocol: ChannelProtocol;
  /** A single upstream key (older form of keys). Encrypted at rest; never returned. */
  secretKey?: string | null | undefined;
  /** Labels for bulk edits. */
  tags?: Array<string> | null | undefined;
  totalTimeoutMs?: number | null | undefined;
  weight?: number | null | undefined;
};

export type CreateModelInput = {
  /** Per 1M uncached audio input tokens (realtime voice, audio chat); null: priced as text input. */
  audioInputPrice?: string | null | undefined;
  /** Quota units per minute of audio. */
  audioMinutePrice?: string | null | undefined;
  /** Per 1M audio output tokens; null: priced as text output. */
  audioOutputPrice?: string | null | undefined;
  /** Per 1M cached input tokens; null: priced as ordinary input. */
  cacheReadPrice?: string | null | undefined;
  /** Per 1M 1-hour cache-write tokens; null: priced as a 5-minute write. */
  cacheWrite1hPrice?: string | null | undefined;
  /** Per 1M 5-minute cache-write tokens (and writes whose duration is not reported); null: priced as ordinary input. */
  cacheWritePrice?: string | null | undefined;
  /** Quota units per 1M characters of speech input (tts-1). For token-priced speech models `inputPrice` is text in, `outputPrice` audio out per 1M tokens. */
  characterPrice?: string | null | undefined;
  contextLength?: number | null | undefined;
  description?: string | null | undefined;
  /** Quota units per 1M image input tokens (token-priced image models). */
  imageInputPrice?: string | null | undefined;
  /** Images by size and quality: the per-image price (DALL-E style) and each one's most image output tokens (held for token-priced models such as gpt-image-1). For token-priced image models `inputPrice` is text input, `outputPrice` image output per 1M tokens. Replaces the whole table; [] clears it. */
  imagePrices?: Array<ImagePriceRowInput> | null | undefined;
  /** Default [TEXT]. */
  inputModalities?: Array<Modality> | null | undefined;
  /** Quota units per 1M input tokens. */
  inputPrice?: string | null | undefined;
  /** A second price set for every token of a request whose prompt is above its threshold; null: none. */
  longContext?: LongContextPriceInput | null | undefined;
  maxOutputTokens?: number | null | undefined;
  /** Case-sensitive, e.g. `gemini-2.5-flash-lite`; cannot change later. */
  modelId: string;
  /** Default [TEXT]. */
  outputModalities?: Array<Modality> | null | undefined;
  /** Quota units per 1M output tokens. */
  outputPrice?: string | null | undefined;
  /** Kinds of unmeasurable input refused with a 400 naming the part, instead of held at the context length. Default none. */
  refusedInputs?: Array<UnmeasuredInput> | null | undefined;
  /** Quota units per request. */
  requestPrice?: string | null | undefined;
  /** Rerank: quota units per search unit (one query over up to 100 documents of up to 500 tokens each). */
  searchUnitPrice?: string | null | undefined;
  series: string;
  /** Quota units per use of a server tool the upstream runs (web search, fetch, code execution); each use a request allows is held. */
  serverToolUsePrice?: string | null | undefined;
  status?: ModelStatus | null | undefined;
  tier: ModelTier;
  type: ModelType;
  /** Vendor slug. */
  vendor: string;
};

export type CreatePackageInput = {
  /** ISO 4217; default CNY. */
  currency?: string | null | undefined;
  description?: string | null | undefined;
  durationDays: number;
  name: string;
  /** Price in minor units, e.g. 1998 for 19.98 CNY. */
  priceMinor: number;
  quotaPerPeriod: string;
  sortOrder?: number | null | undefined;
  /** Default [SVIP]. */
  unlocksTiers?: Array<string> | null | undefined;
};

export type CreateSignInProviderInput = {
  /** GITHUB: the REST API base for GitHub Enterprise; default https://api.github.com. */
  apiUrl?: string | null | undefined;
  /** OAUTH2 (and GitHub Enterprise): the authorization endpoint. */
  authorizeUrl?: string | null | undefined;
  clientId: string;
  /** Sealed at rest, never returned. On update, absent keeps the stored one. */
  clientSecret?: string | null | undefined;
  /** The button says "Sign in with <displayName>". */
  displayName: string;
  /** OAUTH2: user-info field with the e-mail (default "email"). */
  emailField?: string | null | undefined;
  /** OAUTH2: user-info field that is true for a verified e-mail. */
  emailVerifiedField?: string | null | undefined;
  /** Default true. */
  enabled?: boolean | null | undefined;
  /** OIDC: the issuer URL (discovery at <issuer>/.well-known/openid-configuration). */
  issuer?: string | null | undefined;
  kind: SignInProviderKind;
  /** Space-separated; defaults: OIDC "openid email profile", GITHUB "read:user user:email", OAUTH2 none. */
  scopes?: string | null | undefined;
  /** 1-32 of a-z, 0-9 and -; part of the redirect URL, fixed once created. */
  slug: string;
  /** OAUTH2: user-info field with the stable user id (default "id"; dots reach nested fields). */
  subjectField?: string | null | undefined;
  /** OAUTH2 (and GitHub Enterprise): the token endpoint. */
  tokenUrl?: string | null | undefined;
  /** OAUTH2 without emailVerifiedField: the operator vouches every e-mail it returns is verified. Default false. */
  trustEmailVerified?: boolean | null | undefined;
  /** OAUTH2: the user-info endpoint (GET with the access token). */
  userInfoUrl?: string | null | undefined;
};

export type CreateTokenInput = {
  /** IPv4/IPv6 addresses or CIDRs; empty or absent: any. */
  allowedIps?: Array<string> | null | undefined;
  /** Catalogue model ids; empty or absent: no restriction. */
  allowedModels?: Array<string> | null | undefined;
  expiresAt?: string | null | undefined;
  /** Group name; default `auto`. */
  group?: string | null | undefined;
  /** Requests in progress at once, 0 (no per-key limit) to 100000, at most the defaultMaxConcurrentPerKey setting (and not 0) while it is set; absent or null: the gateway default. */
  maxConcurrent?: number | null | undefined;
  name: string;
  quotaCap?: string | null | undefined;
  /** Requests per minute, 0 (unlimited) to 1000000, at most the defaultRpm setting (and not 0) while it is set; absent or null: the gateway default. */
  rateLimitRpm?: number | null | undefined;
};

export type CreateVendorInput = {
  name: string;
  /** Lower-case key; cannot change later. */
  slug: string;
};

export type GenerateRedemptionCodesInput = {
  /** How many codes, 1-1000. */
  count: number;
  expiresAt?: string | null | undefined;
  kind: RedemptionKind;
  /** Uses per code (each user at most once); default 1. */
  maxUses?: number | null | undefined;
  memo?: string | null | undefined;
  /** PACKAGE codes: the package each use grants (like a paid order). */
  packageId?: string | number | null | undefined;
  /** QUOTA codes: free quota per use. */
  quotaAmount?: string | null | undefined;
};

/** Absent fields keep their value (or the default when creating). */
export type GroupSettingsInput = {
  autoOrder?: number | null | undefined;
  description?: string | null | undefined;
  open?: boolean | null | undefined;
  permitsAllModels?: boolean | null | undefined;
  /** Catalogue model ids. */
  permittedModels?: Array<string> | null | undefined;
  permittedTiers?: Array<ModelTier> | null | undefined;
  /** Vendor slugs. */
  permittedVendors?: Array<string> | null | undefined;
  /** Decimal with at most 4 places, e.g. "0.8". */
  priceMultiplier?: string | null | undefined;
};

export type ImagePriceRowInput = {
  /** The most image output tokens one such image is billed (0 for per-image models). */
  outputTokens: number;
  /** Quota units per image (0 for token-priced models). */
  price: string;
  /** As callers ask for it (`standard`, `hd`, `low`...), or `*` for any. */
  quality: string;
  /** As callers ask for it (`1024x1024`), or `*` for any. */
  size: string;
};

export type LedgerKind =
  | 'ADMIN_ADJUSTMENT'
  | 'CHECK_IN'
  | 'INVITE_COMMISSION'
  | 'INVITE_COMMISSION_REVERSAL'
  | 'INVITE_REWARD'
  | 'PURCHASE'
  | 'REDEMPTION'
  | 'REFUND'
  | 'SIGNUP_GRANT'
  | 'USAGE_CHARGE';

/** A long-context tier; it replaces the whole tier the model had. */
export type LongContextPriceInput = {
  /** Null or absent: the tier's input price. */
  cacheReadPrice?: string | null | undefined;
  /** Null or absent: the tier's 5-minute write price. */
  cacheWrite1hPrice?: string | null | undefined;
  /** Null or absent: the tier's input price. */
  cacheWritePrice?: string | null | undefined;
  inputPrice: string;
  outputPrice: string;
  /** Prompt tokens above which the tier applies. */
  threshold: number;
};

/** What a model takes in or gives back; EMBEDDING is a vector. */
export type Modality =
  | 'AUDIO'
  | 'EMBEDDING'
  | 'IMAGE'
  | 'TEXT'
  | 'VIDEO';

export type ModelMappingInput = {
  model: string;
  upstreamModel: string;
};

/** HIDDEN models are callable only by id and listed only to admins. */
export type ModelStatus =
  | 'ACTIVE'
  | 'DEPRECATED'
  | 'HIDDEN';

export type ModelTier =
  | 'FREE'
  | 'SVIP';

export type ModelType =
  | 'CHAT'
  | 'EMBEDDING'
  | 'IMAGE'
  | 'MODERATION'
  | 'REALTIME'
  | 'REASONING'
  | 'RERANK'
  | 'SPEECH_TO_TEXT'
  | 'TEXT_TO_SPEECH';

export type OrderStatus =
  | 'CANCELLED'
  | 'PAID'
  | 'PENDING'
  | 'REFUNDED';

export type PackageStatus =
  | 'ACTIVE'
  | 'ARCHIVED';

/** INITIAL: the first price of a model; SET: an admin change; VENDOR_DISCOUNT: part of a vendor-wide factor. */
export type PriceChangeKind =
  | 'INITIAL'
  | 'SET'
  | 'VENDOR_DISCOUNT';

export type QuotaBucket =
  | 'FREE'
  | 'SUBSCRIPTION';

export type RedemptionKind =
  | 'PACKAGE'
  | 'QUOTA';

export type RedemptionStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** PRIORITY: highest priority first, weights within it. CHEAPEST: the lowest cost basis for the model among the healthy channels, weights within a tie. BALANCED: priority first, and within a priority each weight scaled by how cheap the channel is (a channel twice as dear gets half its share). */
export type RoutingPolicy =
  | 'BALANCED'
  | 'CHEAPEST'
  | 'PRIORITY';

/** Absent prices carry over from the channel's version in effect at `effectiveAt`, else from the catalogue price. */
export type SetChannelModelCostInput = {
  /** Per 1M uncached audio input tokens (realtime voice, audio chat); null: priced as text input. Send null to clear. */
  audioInputPrice?: string | null | undefined;
  /** Quota units per minute of audio. */
  audioMinutePrice?: string | null | undefined;
  /** Per 1M audio output tokens; null: priced as text output. Send null to clear. */
  audioOutputPrice?: string | null | undefined;
  /** Per 1M cached input tokens; null: priced as ordinary input. Send null to clear. */
  cacheReadPrice?: string | null | undefined;
  /** Per 1M 1-hour cache-write tokens; null: priced as a 5-minute write. Send null to clear. */
  cacheWrite1hPrice?: string | null | undefined;
  /** Per 1M 5-minute cache-write tokens (and writes whose duration is not reported); null: priced as ordinary input. Send null to clear. */
  cacheWritePrice?: string | null | undefined;
  /** Quota units per 1M characters of speech input (tts-1). For token-priced speech models `inputPrice` is text in, `outputPrice` audio out per 1M tokens. */
  characterPrice?: string | null | undefined;
  /** Default now; not in the past. */
  effectiveAt?: string | null | undefined;
  /** Quota units per 1M image input tokens (token-priced image models). */
  imageInputPrice?: string | null | undefined;
  /** Images by size and quality: the per-image price (DALL-E style) and each one's most image output tokens (held for token-priced models such as gpt-image-1). For token-priced image models `inputPrice` is text input, `outputPrice` image output per 1M tokens. Replaces the whole table; [] clears it. */
  imagePrices?: Array<ImagePriceRowInput> | null | undefined;
  /** Quota units per 1M input tokens. */
  inputPrice?: string | null | undefined;
  /** A second price set for every token of a request whose prompt is above its threshold; null: none. Send null to clear. */
  longContext?: LongContextPriceInput | null | undefined;
  memo?: string | null | undefined;
  /** Quota units per 1M output tokens. */
  outputPrice?: string | null | undefined;
  /** Quota units per request. */
  requestPrice?: string | null | undefined;
  /** Rerank: quota units per search unit (one query over up to 100 documents of up to 500 tokens each). */
  searchUnitPrice?: string | null | undefined;
};

/** Absent prices carry over from the version in effect at `effectiveAt`. */
export type SetModelPriceInput = {
  /** Per 1M uncached audio input tokens (realtime voice, audio chat); null: priced as text input. Send null to clear. */
  audioInputPrice?: string | null | undefined;
  /** Quota units per minute of audio. */
  audioMinutePrice?: string | null | undefined;
  /** Per 1M audio output tokens; null: priced as text output. Send null to clear. */
  audioOutputPrice?: string | null | undefined;
  /** Per 1M cached input tokens; null: priced as ordinary input. Send null to clear. */
  cacheReadPrice?: string | null | undefined;
  /** Per 1M 1-hour cache-write tokens; null: priced as a 5-minute write. Send null to clear. */
  cacheWrite1hPrice?: string | null | undefined;
  /** Per 1M 5-minute cache-write tokens (and writes whose duration is not reported); null: priced as ordinary input. Send null to clear. */
  cacheWritePrice?: string | null | undefined;
  /** Quota units per 1M characters of speech input (tts-1). For token-priced speech models `inputPrice` is text in, `outputPrice` audio out per 1M tokens. */
  characterPrice?: string | null | undefined;
  /** Default now; not in the past (past requests keep their prices). */
  effectiveAt?: string | null | undefined;
  /** Quota units per 1M image input tokens (token-priced image models). */
  imageInputPrice?: string | null | undefined;
  /** Images by size and quality: the per-image price (DALL-E style) and each one's most image output tokens (held for token-priced models such as gpt-image-1). For token-priced image models `inputPrice` is text input, `outputPrice` image output per 1M tokens. Replaces the whole table; [] clears it. */
  imagePrices?: Array<ImagePriceRowInput> | null | undefined;
  /** Quota units per 1M input tokens. */
  inputPrice?: string | null | undefined;
  /** A second price set for every token of a request whose prompt is above its threshold; null: none. Send null to clear. */
  longContext?: LongContextPriceInput | null | undefined;
  memo?: string | null | undefined;
  /** Quota units per 1M output tokens. */
  outputPrice?: string | null | undefined;
  /** Quota units per request. */
  requestPrice?: string | null | undefined;
  /** Rerank: quota units per search unit (one query over up to 100 documents of up to 500 tokens each). */
  searchUnitPrice?: string | null | undefined;
};

/** Revoking is final and has its own mutation. */
export type SettableTokenStatus =
  | 'ACTIVE'
  | 'DISABLED';

/** OIDC: any OpenID Connect provider by issuer URL (Google, Keycloak, ...). GITHUB: GitHub OAuth apps. OAUTH2: a plain OAuth 2.0 provider with a user-info URL (LinuxDO and the like). */
export type SignInProviderKind =
  | 'GITHUB'
  | 'OAUTH2'
  | 'OIDC';

export type SpendBudgetInput = {
  /** Quota units per window, 0 or more. */
  amount: string;
  period: BudgetPeriod;
};

export type SubscriptionStatus =
  | 'ACTIVE'
  | 'CANCELLED'
  | 'EXPIRED';

export type TokenStatus =
  | 'ACTIVE'
  | 'DISABLED'
  | 'REVOKED';

/** An input the gateway cannot measure before the upstream bills it: a media URL, a vendor file id, a media type it cannot read, cached content, a server tool. */
export type UnmeasuredInput =
  | 'CACHED_CONTENT'
  | 'DOCUMENT'
  | 'FILE_ID'
  | 'SERVER_TOOL'
  | 'UNKNOWN_MEDIA'
  | 'URL';

/** Absent fields stay as they are; secretKey: null removes every key. Lists (keys too) replace the old list. */
export type UpdateChannelInput = {
  baseUrl?: string | null | undefined;
  firstByteTimeoutMs?: number | null | undefined;
  groups?: Array<string> | null | undefined;
  /** Replaces every key; use addChannelKeys to add. */
  keys?: Array<string> | null | undefined;
  modelMapping?: Array<ModelMappingInput> | null | undefined;
  models?: Array<string> | null | undefined;
  name?: string | null | undefined;
  /** Replaces every override; an empty list removes them. */
  overrides?: Array<ChannelOverrideInput> | null | undefined;
  priority?: number | null | undefined;
  protocol?: ChannelProtocol | null | undefined;
  /** Makes this the channel's only key. */
  secretKey?: string | null | undefined;
  tags?: Array<string> | null | undefined;
  totalTimeoutMs?: number | null | undefined;
  weight?: number | null | undefined;
};

/** Absent fields stay as they are; a price field records a new price version effective now. */
export type UpdateModelInput = {
  /** Per 1M uncached audio input tokens (realtime voice, audio chat); null: priced as text input. Send null to clear. */
  audioInputPrice?: string | null | undefined;
  /** Quota units per minute of audio. */
  audioMinutePrice?: string | null | undefined;
  /** Per 1M audio output tokens; null: priced as text output. Send null to clear. */
  audioOutputPrice?: string | null | undefined;
  /** Per 1M cached input tokens; null: priced as ordinary input. Send null to clear. */
  cacheReadPrice?: string | null | undefined;
  /** Per 1M 1-hour cache-write tokens; null: priced as a 5-minute write. Send null to clear. */
  cacheWrite1hPrice?: string | null | undefined;
  /** Per 1M 5-minute cache-write tokens (and writes whose duration is not reported); null: priced as ordinary input. Send null to clear. */
  cacheWritePrice?: string | null | undefined;
  /** Quota units per 1M characters of speech input (tts-1). For token-priced speech models `inputPrice` is text in, `outputPrice` audio out per 1M tokens. */
  characterPrice?: string | null | undefined;
  contextLength?: number | null | undefined;
  description?: string | null | undefined;
  /** Quota units per 1M image input tokens (token-priced image models). */
  imageInputPrice?: string | null | undefined;
  /** Images by size and quality: the per-image price (DALL-E style) and each one's most image output tokens (held for token-priced models such as gpt-image-1). For token-priced image models `inputPrice` is text input, `outputPrice` image output per 1M tokens. Replaces the whole table; [] clears it. */
  imagePrices?: Array<ImagePriceRowInput> | null | undefined;
  /** Default [TEXT]. */
  inputModalities?: Array<Modality> | null | undefined;
  /** Quota units per 1M input tokens. */
  inputPrice?: string | null | undefined;
  /** A second price set for every token of a request whose prompt is above its threshold; null: none. Send null to clear. */
  longContext?: LongContextPriceInput | null | undefined;
  maxOutputTokens?: number | null | undefined;
  /** Default [TEXT]. */
  outputModalities?: Array<Modality> | null | undefined;
  /** Quota units per 1M output tokens. */
  outputPrice?: string | null | undefined;
  /** Kinds of unmeasurable input refused with a 400 naming the part, instead of held at the context length. Default none. */
  refusedInputs?: Array<UnmeasuredInput> | null | undefined;
  /** Quota units per request. */
  requestPrice?: string | null | undefined;
  /** Rerank: quota units per search unit (one query over up to 100 documents of up to 500 tokens each). */
  searchUnitPrice?: string | null | undefined;
  series?: string | null | undefined;
  /** Quota units per use of a server tool the upstream runs (web search, fetch, code execution); each use a request allows is held. */
  serverToolUsePrice?: string | null | undefined;
  status?: ModelStatus | null | undefined;
  tier?: ModelTier | null | undefined;
  type?: ModelType | null | undefined;
};

/** Only the fields given change. Existing orders keep their own amount and currency. */
export type UpdatePackageInput = {
  currency?: string | null | undefined;
  description?: string | null | undefined;
  durationDays?: number | null | undefined;
  name?: string | null | undefined;
  priceMinor?: number | null | undefined;
  quotaPerPeriod?: string | null | undefined;
  sortOrder?: number | null | undefined;
  unlocksTiers?: Array<string> | null | undefined;
};

/** Absent (or null) fields stay as they are. */
export type UpdateSettingsInput = {
  /** Require two-factor for every ADMIN account. */
  adminTwoFactorRequired?: boolean | null | undefined;
  /** 0 (affinity off) to 86400 seconds; applies to the next request on every instance. */
  affinityTtlSeconds?: number | null | undefined;
  /** 0 to 10^16 quota units. */
  checkInAmount?: string | null | undefined;
  /** 0 (no per-key limit) to 100000. */
  defaultMaxConcurrentPerKey?: number | null | undefined;
  /** 0 (unlimited) to 1000000. */
  defaultRpm?: number | null | undefined;
  /** An IANA zone such as UTC or Asia/Shanghai. */
  defaultTimezone?: string | null | undefined;
  /** Three capital letters (ISO 4217), e.g. USD, CNY, EUR. */
  displayCurrency?: string | null | undefined;
  emailVerificationRequired?: boolean | null | undefined;
  invitationRewardsEnabled?: boolean | null | undefined;
  /** 0 to 100. */
  inviteCommissionPercent?: number | null | undefined;
  /** 0 to 10^16 quota units. */
  inviteVerifiedReward?: string | null | undefined;
  /** 0 (no per-user limit) to 100000. */
  maxConcurrentPerUser?: number | null | undefined;
  /** 0 (no per-user limit) to 1000000. */
  maxRpmPerUser?: number | null | undefined;
  passwordSignUpEnabled?: boolean | null | undefined;
  /** 1 to 10^12 quota units per currency unit. */
  quotaPerUnit?: string | null | undefined;
  registrationOpen?: boolean | null | undefined;
  /** 0 to 10^16 quota units. */
  signupGrant?: string | null | undefined;
};

/** Replaces the settings (slug and kind stay); absent optional fields are cleared, except clientSecret, which is kept. */
export type UpdateSignInProviderInput = {
  /** GITHUB: the REST API base for GitHub Enterprise; default https://api.github.com. */
  apiUrl?: string | null | undefined;
  /** OAUTH2 (and GitHub Enterprise): the authorization endpoint. */
  authorizeUrl?: string | null | undefined;
  clientId: string;
  /** Sealed at rest, never returned. On update, absent keeps the stored one. */
  clientSecret?: string | null | undefined;
  /** The button says "Sign in with <displayName>". */
  displayName: string;
  /** OAUTH2: user-info field with the e-mail (default "email"). */
  emailField?: string | null | undefined;
  /** OAUTH2: user-info field that is true for a verified e-mail. */
  emailVerifiedField?: string | null | undefined;
  /** Default true. */
  enabled?: boolean | null | undefined;
  /** OIDC: the issuer URL (discovery at <issuer>/.well-known/openid-configuration). */
  issuer?: string | null | undefined;
  /** Space-separated; defaults: OIDC "openid email profile", GITHUB "read:user user:email", OAUTH2 none. */
  scopes?: string | null | undefined;
  /** OAUTH2: user-info field with the stable user id (default "id"; dots reach nested fields). */
  subjectField?: string | null | undefined;
  /** OAUTH2 (and GitHub Enterprise): the token endpoint. */
  tokenUrl?: string | null | undefined;
  /** OAUTH2 without emailVerifiedField: the operator vouches every e-mail it returns is verified. Default false. */
  trustEmailVerified?: boolean | null | undefined;
  /** OAUTH2: the user-info endpoint (GET with the access token). */
  userInfoUrl?: string | null | undefined;
};

/** Absent fields stay as they are; null clears expiresAt, quotaCap and the allow-lists, and puts rateLimitRpm and maxConcurrent back on the gateway default. */
export type UpdateTokenInput = {
  allowedIps?: Array<string> | null | undefined;
  allowedModels?: Array<string> | null | undefined;
  expiresAt?: string | null | undefined;
  /** Requests in progress at once, 0 (no per-key limit) to 100000, at most the defaultMaxConcurrentPerKey setting (and not 0) while it is set; null: the gateway default. */
  maxConcurrent?: number | null | undefined;
  name?: string | null | undefined;
  quotaCap?: string | null | undefined;
  /** Requests per minute, 0 (unlimited) to 1000000, at most the defaultRpm setting (and not 0) while it is set; null: the gateway default. */
  rateLimitRpm?: number | null | undefined;
  status?: SettableTokenStatus | null | undefined;
};

export type UpdateVendorInput = {
  name: string;
};

/** The balance a request was paid from. */
export type UsageBucket =
  | 'FREE'
  | 'SUBSCRIPTION';

export type UsageFilter = {
  /** Inclusive. */
  from?: string | null | undefined;
  modelId?: string | null | undefined;
  /** Only requests that ended this way. */
  outcome?: UsageOutcome | null | undefined;
  /** Exclusive. */
  to?: string | null | undefined;
  tokenId?: string | number | null | undefined;
  /** Admins only, unless it is your own id. */
  userId?: string | number | null | undefined;
};

export type UsageOutcome =
  | 'CLIENT_ABORTED'
  | 'NO_CHANNEL'
  | 'REJECTED'
  | 'SUCCESS'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_FAILED_MID_STREAM'
  | 'UPSTREAM_TIMEOUT';

export type UsageStatsGroupBy =
  | 'CHANNEL'
  | 'DAY'
  | 'DAY_AND_MODEL'
  | 'GROUP'
  | 'HOUR'
  | 'MODEL'
  | 'SURFACE'
  | 'TOKEN'
  | 'USER';

export type UserFilter = {
  /** true: only deleted accounts (their e-mail may belong to a new account by now); false or unset: only live ones. */
  deleted?: boolean | null | undefined;
  emailContains?: string | null | undefined;
  role?: UserRole | null | undefined;
  status?: UserStatus | null | undefined;
};

export type UserRole =
  | 'ADMIN'
  | 'USER';

export type UserStatus =
  | 'ACTIVE'
  | 'DISABLED';

export type VendorDiscountInput = {
  /** Default now; not in the past. */
  effectiveAt?: string | null | undefined;
  /** Decimal above 0, at most 10, e.g. "0.8" for 20 % off; prices round up. */
  factor: string;
  memo?: string | null | undefined;
  /** Vendor slug. */
  vendor: string;
};

type ErrorFields_AccountDisabledError_Fragment = { code: string, message: string };

type ErrorFields_AlreadyCheckedInError_Fragment = { code: string, message: string };

type ErrorFields_AlreadyExistsError_Fragment = { code: string, message: string };

type ErrorFields_AlreadyRedeemedError_Fragment = { code: string, message: string };

type ErrorFields_ChallengeExpiredError_Fragment = { code: string, message: string };

type ErrorFields_CodeExhaustedError_Fragment = { code: string, message: string };

type ErrorFields_CodeExpiredError_Fragment = { code: string, message: string };

type ErrorFields_EmailAlreadyVerifiedError_Fragment = { code: string, message: string };

type ErrorFields_EmailNotVerifiedError_Fragment = { code: string, message: string };

type ErrorFields_EmailTakenError_Fragment = { code: string, message: string };

type ErrorFields_GroupNotAllowedError_Fragment = { code: string, message: string };

type ErrorFields_InputValidationError_Fragment = { code: string, message: string };

type ErrorFields_InsufficientBalanceError_Fragment = { code: string, message: string };

type ErrorFields_InvalidCodeError_Fragment = { code: string, message: string };

type ErrorFields_InvalidCredentialsError_Fragment = { code: string, message: string };

type ErrorFields_InvalidHandoffError_Fragment = { code: string, message: string };

type ErrorFields_InvalidSecondFactorCodeError_Fragment = { code: string, message: string };

type ErrorFields_LastWayInError_Fragment = { code: string, message: string };

type ErrorFields_MailNotSentError_Fragment = { code: string, message: string };

type ErrorFields_NotFoundError_Fragment = { code: string, message: string };

type ErrorFields_OrderStatusError_Fragment = { code: string, message: string };

type ErrorFields_PasskeyRejectedError_Fragment = { code: string, message: string };

type ErrorFields_PaymentProviderFailedError_Fragment = { code: string, message: string };

type ErrorFields_PaymentProviderNotEnabledError_Fragment = { code: string, message: string };

type ErrorFields_RegistrationClosedError_Fragment = { code: string, message: string };

type ErrorFields_SecondFactorRequired_Fragment = { code: string, message: string };

type ErrorFields_ThrottleStoreUnavailableError_Fragment = { code: string, message: string };

type ErrorFields_TooManyAttemptsError_Fragment = { code: string, message: string };

type ErrorFields_TooManyPendingOrdersError_Fragment = { code: string, message: string };

type ErrorFields_TwoFactorStateError_Fragment = { code: string, message: string };

type ErrorFields_VerificationTokenInvalidError_Fragment = { code: string, message: string };

export type ErrorFieldsFragment =
  | ErrorFields_AccountDisabledError_Fragment
  | ErrorFields_AlreadyCheckedInError_Fragment
  | ErrorFields_AlreadyExistsError_Fragment
  | ErrorFields_AlreadyRedeemedError_Fragment
  | ErrorFields_ChallengeExpiredError_Fragment
  | ErrorFields_CodeExhaustedError_Fragment
  | ErrorFields_CodeExpiredError_Fragment
  | ErrorFields_EmailAlreadyVerifiedError_Fragment
  | ErrorFields_EmailNotVerifiedError_Fragment
  | ErrorFields_EmailTakenError_Fragment
  | ErrorFields_GroupNotAllowedError_Fragment
  | ErrorFields_InputValidationError_Fragment
  | ErrorFields_InsufficientBalanceError_Fragment
  | ErrorFields_InvalidCodeError_Fragment
  | ErrorFields_InvalidCredentialsError_Fragment
  | ErrorFields_InvalidHandoffError_Fragment
  | ErrorFields_InvalidSecondFactorCodeError_Fragment
  | ErrorFields_LastWayInError_Fragment
  | ErrorFields_MailNotSentError_Fragment
  | ErrorFields_NotFoundError_Fragment
  | ErrorFields_OrderStatusError_Fragment
  | ErrorFields_PasskeyRejectedError_Fragment
  | ErrorFields_PaymentProviderFailedError_Fragment
  | ErrorFields_PaymentProviderNotEnabledError_Fragment
  | ErrorFields_RegistrationClosedError_Fragment
  | ErrorFields_SecondFactorRequired_Fragment
  | ErrorFields_ThrottleStoreUnavailableError_Fragment
  | ErrorFields_TooManyAttemptsError_Fragment
  | ErrorFields_TooManyPendingOrdersError_Fragment
  | ErrorFields_TwoFactorStateError_Fragment
  | ErrorFields_VerificationTokenInvalidError_Fragment
;

export type SubscriptionFieldsFragment = { id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } };

export type ViewerFieldsFragment = { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> };

export type SignInMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type SignInMutation = { login:
    | { __typename: 'AccountDisabledError', code: string, message: string }
    | { __typename: 'InvalidCredentialsError', code: string, message: string }
    | { __typename: 'LoginSuccess', sessionToken: string, expiresAt: string, user: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> } }
    | { __typename: 'SecondFactorRequired', challengeToken: string, code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
   };

export type SignUpMutationVariables = Exact<{
  email: string;
  password: string;
  inviteCode?: string | null | undefined;
}>;


export type SignUpMutation = { register:
    | { __typename: 'EmailTakenError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'RegisterSuccess', sessionToken: string, expiresAt: string, user: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> } }
    | { __typename: 'RegistrationClosedError', code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
   };

export type SignOutMutationVariables = Exact<{ [key: string]: never; }>;


export type SignOutMutation = { logout: boolean };

export type ChangeMyPasswordMutationVariables = Exact<{
  currentPassword: string;
  newPassword: string;
}>;


export type ChangeMyPasswordMutation = { changePassword:
    | { __typename: 'ChangePasswordSuccess' }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'InvalidCredentialsError', code: string, message: string }
   };

export type ViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewerQuery = { me: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> } };

export type DashboardQueryVariables = Exact<{
  from: string;
  to: string;
  timezone?: string | null | undefined;
  userId?: string | number | null | undefined;
}>;


export type DashboardQuery = { me: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> }, checkInStatus: { checkedInToday: boolean, streak: number, nextCheckInAt: string, day: string }, usageStats:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'UsageStats', totals: { requests: number, cost: string }, rows: Array<{ day: string | null, modelId: string | null, requests: number, cost: string }> }
   };

export type CheckInMutationVariables = Exact<{ [key: string]: never; }>;


export type CheckInMutation = { checkIn:
    | { __typename: 'AlreadyCheckedInError', code: string, message: string }
    | { __typename: 'CheckInSuccess', amount: string, user: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> } }
    | { __typename: 'EmailNotVerifiedError', code: string, message: string }
   };

export type RedeemCodeMutationVariables = Exact<{
  code: string;
}>;


export type RedeemCodeMutation = { redeemCode:
    | { __typename: 'AlreadyRedeemedError', code: string, message: string }
    | { __typename: 'CodeExhaustedError', code: string, message: string }
    | { __typename: 'CodeExpiredError', code: string, message: string }
    | { __typename: 'InvalidCodeError', code: string, message: string }
    | { __typename: 'RedeemCodeSuccess', kind: RedemptionKind, quotaAmount: string, user: { id: string, email: string, role: UserRole, timezone: string | null, freeQuota: string, totalQuota: string, activeSubscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> } }
   };

export type ConsoleSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSettingsQuery = { consoleSettings: { displayCurrency: string, checkInAmount: string, signupGrant: string, registrationOpen: boolean, passwordSignUpEnabled: boolean, emailVerificationRequired: boolean, defaultTimezone: string, quotaPerUsd: string } };

export type SetMyTimezoneMutationVariables = Exact<{
  timezone?: string | null | undefined;
}>;


export type SetMyTimezoneMutation = { setMyTimezone:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'User', id: string, timezone: string | null }
   };

export type AdminModelFieldsFragment = { maxOutputTokens: number, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, priceEffectiveAt: string, fallbacks: Array<string>, id: string, modelId: string, series: string, type: ModelType, tier: ModelTier, status: ModelStatus, description: string, contextLength: number, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }>, vendor: { id: string, name: string, slug: string } };

export type AdminGroupFieldsFragment = { id: string, name: string, description: string, open: boolean, autoOrder: number, priceMultiplier: string, permitsAllModels: boolean, permittedTiers: Array<ModelTier>, permittedVendors: Array<string>, permittedModels: Array<string>, routingPolicy: RoutingPolicy | null, members: Array<{ id: string, email: string }> | null };

export type AdminCatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminCatalogueQuery = { models: Array<{ maxOutputTokens: number, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, priceEffectiveAt: string, fallbacks: Array<string>, id: string, modelId: string, series: string, type: ModelType, tier: ModelTier, status: ModelStatus, description: string, contextLength: number, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }>, vendor: { id: string, name: string, slug: string } }>, vendors: Array<{ id: string, name: string, slug: string }>, allGroups: Array<{ id: string, name: string, description: string, open: boolean, autoOrder: number, priceMultiplier: string, permitsAllModels: boolean, permittedTiers: Array<ModelTier>, permittedVendors: Array<string>, permittedModels: Array<string>, routingPolicy: RoutingPolicy | null, members: Array<{ id: string, email: string }> | null }>, packages: Array<{ id: string, name: string, description: string, price: string, priceMinor: number, currency: string, durationDays: number, quotaPerPeriod: string, unlocksTiers: Array<string>, status: PackageStatus, sortOrder: number }> };

export type AdminCreateModelMutationVariables = Exact<{
  input: CreateModelInput;
}>;


export type AdminCreateModelMutation = { createModel:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Model', id: string }
   };

export type AdminUpdateModelMutationVariables = Exact<{
  modelId: string;
  input: UpdateModelInput;
}>;


export type AdminUpdateModelMutation = { updateModel:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Model' }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminDeprecateModelMutationVariables = Exact<{
  modelId: string;
}>;


export type AdminDeprecateModelMutation = { deprecateModel:
    | { __typename: 'Model' }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminHideModelMutationVariables = Exact<{
  modelId: string;
}>;


export type AdminHideModelMutation = { hideModel:
    | { __typename: 'Model' }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type ModelPriceFieldsFragment = { id: string, effectiveAt: string, createdAt: string, kind: PriceChangeKind, memo: string, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null };

export type AdminModelPriceHistoryQueryVariables = Exact<{
  modelId: string;
}>;


export type AdminModelPriceHistoryQuery = { modelPriceHistory:
    | { __typename: 'ModelPriceHistory', prices: Array<{ id: string, effectiveAt: string, createdAt: string, kind: PriceChangeKind, memo: string, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null }> }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetModelPriceMutationVariables = Exact<{
  modelId: string;
  input: SetModelPriceInput;
}>;


export type AdminSetModelPriceMutation = { setModelPrice:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'ModelPrice', id: string, effectiveAt: string, createdAt: string, kind: PriceChangeKind, memo: string, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminWithdrawScheduledPriceMutationVariables = Exact<{
  priceId: string | number;
}>;


export type AdminWithdrawScheduledPriceMutation = { withdrawScheduledPrice:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'ModelPrice' }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminCreateVendorMutationVariables = Exact<{
  input: CreateVendorInput;
}>;


export type AdminCreateVendorMutation = { createVendor:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Vendor' }
   };

export type AdminUpdateVendorMutationVariables = Exact<{
  id: string | number;
  input: UpdateVendorInput;
}>;


export type AdminUpdateVendorMutation = { updateVendor:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Vendor' }
   };

export type AdminApplyVendorDiscountMutationVariables = Exact<{
  input: VendorDiscountInput;
}>;


export type AdminApplyVendorDiscountMutation = { applyVendorDiscount:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'VendorDiscount', factor: string, effectiveAt: string, prices: Array<{ id: string }> }
   };

export type AdminCreateGroupMutationVariables = Exact<{
  name: string;
  input?: GroupSettingsInput | null | undefined;
}>;


export type AdminCreateGroupMutation = { createGroup:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'Group' }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
   };

export type AdminUpdateGroupMutationVariables = Exact<{
  name: string;
  input: GroupSettingsInput;
}>;


export type AdminUpdateGroupMutation = { updateGroup:
    | { __typename: 'Group' }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminAddGroupMemberMutationVariables = Exact<{
  group: string;
  userId: string | number;
}>;


export type AdminAddGroupMemberMutation = { addGroupMember:
    | { __typename: 'Group', id: string, name: string, description: string, open: boolean, autoOrder: number, priceMultiplier: string, permitsAllModels: boolean, permittedTiers: Array<ModelTier>, permittedVendors: Array<string>, permittedModels: Array<string>, routingPolicy: RoutingPolicy | null, members: Array<{ id: string, email: string }> | null }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminRemoveGroupMemberMutationVariables = Exact<{
  group: string;
  userId: string | number;
}>;


export type AdminRemoveGroupMemberMutation = { removeGroupMember:
    | { __typename: 'Group', id: string, name: string, description: string, open: boolean, autoOrder: number, priceMultiplier: string, permitsAllModels: boolean, permittedTiers: Array<ModelTier>, permittedVendors: Array<string>, permittedModels: Array<string>, routingPolicy: RoutingPolicy | null, members: Array<{ id: string, email: string }> | null }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminCreatePackageMutationVariables = Exact<{
  input: CreatePackageInput;
}>;


export type AdminCreatePackageMutation = { createPackage:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Package' }
   };

export type AdminUpdatePackageMutationVariables = Exact<{
  id: string | number;
  input: UpdatePackageInput;
}>;


export type AdminUpdatePackageMutation = { updatePackage:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Package' }
   };

export type AdminArchivePackageMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminArchivePackageMutation = { archivePackage:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Package' }
   };

export type AdminUserPickerQueryVariables = Exact<{
  emailContains: string;
}>;


export type AdminUserPickerQuery = { users: { edges: Array<{ node: { id: string, email: string } }> } };

export type AdminSetGroupRoutingPolicyMutationVariables = Exact<{
  name: string;
  policy: RoutingPolicy;
}>;


export type AdminSetGroupRoutingPolicyMutation = { setGroupRoutingPolicy:
    | { __typename: 'Group', id: string, routingPolicy: RoutingPolicy | null }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type ChannelPriceFieldsFragment = { id: string, modelId: string, effectiveAt: string, createdAt: string, memo: string, inputPrice: string, outputPrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }> };

export type AdminChannelCostQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminChannelCostQuery = { channel:
    | { __typename: 'Channel', id: string, models: Array<string>, costMultiplier: string | null, costPrices: Array<{ id: string, modelId: string, effectiveAt: string, createdAt: string, memo: string, inputPrice: string, outputPrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }> }> }
    | { __typename: 'NotFoundError', code: string, message: string }
  , models: Array<{ modelId: string, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }> }> };

export type AdminSetChannelCostMultiplierMutationVariables = Exact<{
  channelId: string | number;
  multiplier?: string | null | undefined;
}>;


export type AdminSetChannelCostMultiplierMutation = { setChannelCostMultiplier:
    | { __typename: 'Channel', id: string, costMultiplier: string | null }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetChannelModelCostMutationVariables = Exact<{
  channelId: string | number;
  modelId: string;
  input: SetChannelModelCostInput;
}>;


export type AdminSetChannelModelCostMutation = { setChannelModelCost:
    | { __typename: 'ChannelPrice', id: string, modelId: string, effectiveAt: string, createdAt: string, memo: string, inputPrice: string, outputPrice: string, cacheReadPrice: string | null, cacheWritePrice: string | null, cacheWrite1hPrice: string | null, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }> }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminWithdrawChannelModelCostMutationVariables = Exact<{
  priceId: string | number;
}>;


export type AdminWithdrawChannelModelCostMutation = { withdrawChannelModelCost:
    | { __typename: 'ChannelPrice', id: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type ChannelOverrideRuleFieldsFragment = { target: ChannelOverrideTarget, op: ChannelOverrideOp, path: string, value: string | null, models: Array<string> };

export type AdminChannelOverridesQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminChannelOverridesQuery = { channel:
    | { __typename: 'Channel', id: string, models: Array<string>, overrides: Array<{ target: ChannelOverrideTarget, op: ChannelOverrideOp, path: string, value: string | null, models: Array<string> }>, changes: Array<{ id: string, fields: Array<string>, before: string, after: string, actorEmail: string | null, createdAt: string }> }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetChannelOverridesMutationVariables = Exact<{
  id: string | number;
  overrides: Array<ChannelOverrideInput> | ChannelOverrideInput;
}>;


export type AdminSetChannelOverridesMutation = { updateChannel:
    | { __typename: 'Channel', id: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type ChannelKeyFieldsFragment = { id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string };

export type AdminAddChannelKeysMutationVariables = Exact<{
  channelId: string | number;
  keys: Array<string> | string;
}>;


export type AdminAddChannelKeysMutation = { addChannelKeys:
    | { __typename: 'Channel', id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetChannelKeyEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type AdminSetChannelKeyEnabledMutation = { enableChannelKey?:
    | { __typename: 'ChannelKey' }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
  , disableChannelKey?:
    | { __typename: 'ChannelKey' }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminRemoveChannelKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminRemoveChannelKeyMutation = { removeChannelKey:
    | { __typename: 'Channel' }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminImportChannelsMutationVariables = Exact<{
  document: string;
  format: ChannelImportFormat;
}>;


export type AdminImportChannelsMutation = { importChannels: { imported: number, errors: Array<{ row: number, name: string | null, errors: Array<{ field: string, message: string }> }> } };

export type AdminUpdateChannelsByTagMutationVariables = Exact<{
  tag: string;
  input: ChannelTagUpdateInput;
}>;


export type AdminUpdateChannelsByTagMutation = { updateChannelsByTag:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'UpdateChannelsByTagSuccess', data: number }
   };

export type AdminDiscoverChannelModelsMutationVariables = Exact<{
  channelId: string | number;
}>;


export type AdminDiscoverChannelModelsMutation = { discoverChannelModels:
    | { __typename: 'ChannelModelDiscovery', models: Array<{ modelId: string, servedByChannel: boolean, inCatalogue: boolean }> }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminAddDiscoveredModelsMutationVariables = Exact<{
  channelId: string | number;
  models: Array<CreateModelInput> | CreateModelInput;
}>;


export type AdminAddDiscoveredModelsMutation = { addDiscoveredModels:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'Channel' }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetModelFallbacksMutationVariables = Exact<{
  modelId: string;
  fallbacks: Array<string> | string;
}>;


export type AdminSetModelFallbacksMutation = { setModelFallbacks:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Model', modelId: string, fallbacks: Array<string> }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminCreateUserMutationVariables = Exact<{
  email: string;
  password?: string | null | undefined;
  role?: UserRole | null | undefined;
}>;


export type AdminCreateUserMutation = { createUser:
    | { __typename: 'AdminCreatedUser', oneTimePassword: string | null, user: { id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string } }
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
   };

export type AdminResetUserPasswordMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminResetUserPasswordMutation = { resetUserPassword:
    | { __typename: 'AdminCreatedUser', oneTimePassword: string | null }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminDeleteUserMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteUserMutation = { deleteUser:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'User' }
   };

export type AdminUserSubscriptionsQueryVariables = Exact<{
  userId: string | number;
}>;


export type AdminUserSubscriptionsQuery = { subscriptions: Array<{ id: string, status: SubscriptionStatus, startsAt: string, endsAt: string, quotaTotal: string, quotaRemaining: string, quotaUsed: string, unlocksTiers: Array<string>, package: { id: string, name: string } }> };

export type AdminAdjustSubscriptionQuotaMutationVariables = Exact<{
  subscriptionId: string | number;
  amount: string;
  memo: string;
}>;


export type AdminAdjustSubscriptionQuotaMutation = { adjustSubscriptionQuota:
    | { __typename: 'AdjustSubscriptionQuotaSuccess' }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'InsufficientBalanceError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminUserKeysQueryVariables = Exact<{
  userId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AdminUserKeysQuery = { tokens: { edges: Array<{ node: { id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AdminUnlockUserMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminUnlockUserMutation = { unlockUser:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'ThrottleStoreUnavailableError', code: string, message: string }
    | { __typename: 'UnlockUserSuccess', countersCleared: number }
   };

export type ChannelFieldsFragment = { id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } };

export type AdminChannelsQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: ChannelFilter | null | undefined;
}>;


export type AdminChannelsQuery = { channels: { edges: Array<{ node: { id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type ChannelFormOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type ChannelFormOptionsQuery = { allGroups: Array<{ name: string }>, models: Array<{ modelId: string, vendor: { name: string } }> };

export type AdminCreateChannelMutationVariables = Exact<{
  input: CreateChannelInput;
}>;


export type AdminCreateChannelMutation = { createChannel:
    | { __typename: 'Channel', id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
   };

export type AdminUpdateChannelMutationVariables = Exact<{
  id: string | number;
  input: UpdateChannelInput;
}>;


export type AdminUpdateChannelMutation = { updateChannel:
    | { __typename: 'Channel', id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminSetChannelEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type AdminSetChannelEnabledMutation = { enableChannel?:
    | { __typename: 'Channel', id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
  , disableChannel?:
    | { __typename: 'Channel', id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminTestChannelMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminTestChannelMutation = { testChannel:
    | { __typename: 'ChannelTestReport', ok: boolean, model: string, status: number | null, latencyMs: number | null, error: string | null, reply: string | null, keyInvalid: boolean, channel: { id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } } }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminOrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  status?: OrderStatus | null | undefined;
}>;


export type AdminOrdersQuery = { orders: { edges: Array<{ node: { id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AdminMarkOrderPaidMutationVariables = Exact<{
  orderId: string | number;
  memo?: string | null | undefined;
}>;


export type AdminMarkOrderPaidMutation = { markOrderPaid:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Order', id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } }
    | { __typename: 'OrderStatusError', code: string, message: string }
   };

export type AdminCancelOrderMutationVariables = Exact<{
  orderId: string | number;
}>;


export type AdminCancelOrderMutation = { cancelOrder:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Order', id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } }
    | { __typename: 'OrderStatusError', code: string, message: string }
    | { __typename: 'PaymentProviderFailedError', code: string, message: string }
   };

export type AdminRefundOrderMutationVariables = Exact<{
  orderId: string | number;
  memo?: string | null | undefined;
}>;


export type AdminRefundOrderMutation = { refundOrder:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Order', id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } }
    | { __typename: 'OrderStatusError', code: string, message: string }
    | { __typename: 'PaymentProviderFailedError', code: string, message: string }
   };

export type AdminUserFieldsFragment = { id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string };

export type AdminUsersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: UserFilter | null | undefined;
}>;


export type AdminUsersQuery = { users: { edges: Array<{ node: { id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AdminSetUserEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type AdminSetUserEnabledMutation = { enableUser?:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'User', id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string }
  , disableUser?:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'User', id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string }
   };

export type AdminSetUserRoleMutationVariables = Exact<{
  id: string | number;
  role: UserRole;
}>;


export type AdminSetUserRoleMutation = { setUserRole:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'User', id: string, email: string, role: UserRole, status: UserStatus, createdAt: string, freeQuota: string, totalQuota: string }
   };

export type AdminAdjustQuotaMutationVariables = Exact<{
  userId: string | number;
  amount: string;
  memo: string;
}>;


export type AdminAdjustQuotaMutation = { adjustUserQuota:
    | { __typename: 'AdjustUserQuotaSuccess' }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'InsufficientBalanceError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminOverviewQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type AdminOverviewQuery = { usageStats:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'UsageStats', totals: { requests: number, successfulRequests: number, cost: string }, rows: Array<{ modelId: string | null, requests: number, successfulRequests: number, cost: string }> }
  , channels: { edges: Array<{ node: { id: string, name: string, protocol: ChannelProtocol, baseUrl: string, hasSecret: boolean, secretLast4: string | null, models: Array<string>, groups: Array<string>, priority: number, weight: number, status: ChannelStatus, statusReason: string | null, lastTestAt: string | null, lastTestOk: boolean | null, lastTestLatencyMs: number | null, lastTestError: string | null, lastError: string | null, lastErrorAt: string | null, tags: Array<string>, keys: Array<{ id: string, last4: string, status: ChannelKeyStatus, lastError: string | null, lastErrorAt: string | null, usedCount: string, disabledReason: string | null, disabledAt: string | null, createdAt: string }>, health: { state: BreakerState, recentErrorRate: number | null, recentRequests: number, requests: number, failures: number } } }> } };

export type AdminRedemptionCodesQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AdminRedemptionCodesQuery = { redemptionCodes: { edges: Array<{ node: { id: string, displayPrefix: string, kind: RedemptionKind, quotaAmount: string | null, maxUses: number, usedCount: number, status: RedemptionStatus, memo: string, expiresAt: string | null, createdAt: string, package: { name: string } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type AdminGenerateCodesMutationVariables = Exact<{
  input: GenerateRedemptionCodesInput;
}>;


export type AdminGenerateCodesMutation = { generateRedemptionCodes:
    | { __typename: 'GenerateRedemptionCodesSuccess', codes: Array<{ code: string }> }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
   };

export type AdminUsageStatsQueryVariables = Exact<{
  from: string;
  to: string;
  timezone?: string | null | undefined;
  groupBy?: Array<UsageStatsGroupBy> | UsageStatsGroupBy | null | undefined;
  userId?: string | number | null | undefined;
  modelId?: string | null | undefined;
  channelId?: string | number | null | undefined;
  group?: string | null | undefined;
  surface?: string | null | undefined;
}>;


export type AdminUsageStatsQuery = { usageStats:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'UsageStats', timezone: string, totals: { requests: number, successfulRequests: number, promptTokens: string, completionTokens: string, cost: string }, rows: Array<{ day: string | null, hour: string | null, modelId: string | null, userId: string | null, userEmail: string | null, tokenId: string | null, channelId: string | null, channelName: string | null, group: string | null, surface: string | null, requests: number, successfulRequests: number, promptTokens: string, completionTokens: string, cost: string }> }
   };

export type SpendBudgetFieldsFragment = { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string };

export type SetKeyBudgetMutationVariables = Exact<{
  tokenId: string | number;
  budget?: SpendBudgetInput | null | undefined;
}>;


export type SetKeyBudgetMutation = { setTokenBudget:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Token', id: string, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null }
   };

export type UserBudgetQueryVariables = Exact<{
  userId?: string | number | null | undefined;
}>;


export type UserBudgetQuery = { userBudget: { userId: string, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null } };

export type AdminSetUserBudgetMutationVariables = Exact<{
  userId: string | number;
  budget?: SpendBudgetInput | null | undefined;
}>;


export type AdminSetUserBudgetMutation = { setUserBudget:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'UserSpendBudget', userId: string, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null }
   };

export type ImagePriceRowFieldsFragment = { size: string, quality: string, price: string, outputTokens: number };

export type ModelFieldsFragment = { id: string, modelId: string, series: string, type: ModelType, tier: ModelTier, status: ModelStatus, description: string, contextLength: number, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }>, vendor: { id: string, name: string, slug: string } };

export type CatalogueQueryVariables = Exact<{ [key: string]: never; }>;


export type CatalogueQuery = { catalogue: Array<{ name: string, vendor: { id: string, name: string, slug: string }, models: Array<{ id: string, modelId: string, series: string, type: ModelType, tier: ModelTier, status: ModelStatus, description: string, contextLength: number, inputPrice: string, outputPrice: string, requestPrice: string, audioMinutePrice: string, searchUnitPrice: string, audioInputPrice: string | null, audioOutputPrice: string | null, imageInputPrice: string, characterPrice: string, imagePrices: Array<{ size: string, quality: string, price: string, outputTokens: number }>, vendor: { id: string, name: string, slug: string } }> }> };

export type PackageFieldsFragment = { id: string, name: string, description: string, price: string, priceMinor: number, currency: string, durationDays: number, quotaPerPeriod: string, unlocksTiers: Array<string>, status: PackageStatus, sortOrder: number };

export type OrderFieldsFragment = { id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } };

export type PackagesAndOrdersQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PackagesAndOrdersQuery = { paymentMethods: Array<{ provider: string, method: string, displayName: string }>, packages: Array<{ id: string, name: string, description: string, price: string, priceMinor: number, currency: string, durationDays: number, quotaPerPeriod: string, unlocksTiers: Array<string>, status: PackageStatus, sortOrder: number }>, orders: { edges: Array<{ node: { id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type BuyPackageMutationVariables = Exact<{
  packageId: string | number;
  provider?: string | null | undefined;
  method?: string | null | undefined;
}>;


export type BuyPackageMutation = { purchasePackage:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Order', id: string, status: OrderStatus, amount: string, currency: string, provider: string | null, providerRef: string | null, createdAt: string, paidAt: string | null, cancelledAt: string | null, refundedAt: string | null, expiresAt: string | null, checkoutUrl: string | null, qrCode: string | null, paymentMethod: string | null, package: { id: string, name: string }, user: { id: string, email: string } }
    | { __typename: 'PaymentProviderFailedError', code: string, message: string }
    | { __typename: 'PaymentProviderNotEnabledError', code: string, message: string }
    | { __typename: 'TooManyPendingOrdersError', code: string, message: string }
   };

export type AnnouncementFieldsFragment = { id: string, title: string, body: string, startsAt: string, expiresAt: string | null };

export type AnnouncementsQueryVariables = Exact<{ [key: string]: never; }>;


export type AnnouncementsQuery = { announcements: Array<{ id: string, title: string, body: string, startsAt: string, expiresAt: string | null }> };

export type PriceRowFieldsFragment = { kind: string, unit: string, price: string };

export type PricingPageQueryVariables = Exact<{ [key: string]: never; }>;


export type PricingPageQuery = { catalogue: Array<{ name: string, vendor: { id: string, name: string, slug: string }, models: Array<{ id: string, modelId: string, series: string, type: ModelType, tier: ModelTier, status: ModelStatus, contextLength: number, description: string, priceRows: Array<{ kind: string, unit: string, price: string }>, groupPrices: Array<{ group: string, multiplier: string, prices: { rows: Array<{ kind: string, unit: string, price: string }> } }> }> }> };

export type MyInvitationPageQueryVariables = Exact<{ [key: string]: never; }>;


export type MyInvitationPageQuery = { myInvitation: { code: string, joined: number, verified: number, rewardsEarned: string }, settings: { invitationRewardsEnabled: boolean, inviteVerifiedReward: string, inviteCommissionPercent: number } };

export type AdminInvitationsQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type AdminInvitationsQuery = { topInviters: Array<{ joined: number, verified: number, rewardsEarned: string, user: { id: string, email: string } }>, settings: { invitationRewardsEnabled: boolean, inviteVerifiedReward: string, inviteCommissionPercent: number } };

export type AdminUpdateInvitationRewardsMutationVariables = Exact<{
  input: UpdateSettingsInput;
}>;


export type AdminUpdateInvitationRewardsMutation = { updateSettings:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'Settings', invitationRewardsEnabled: boolean, inviteVerifiedReward: string, inviteCommissionPercent: number }
   };

export type AdminAnnouncementsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminAnnouncementsQuery = { allAnnouncements: Array<{ id: string, title: string, body: string, startsAt: string, expiresAt: string | null }> };

export type AdminCreateAnnouncementMutationVariables = Exact<{
  input: AnnouncementInput;
}>;


export type AdminCreateAnnouncementMutation = { createAnnouncement:
    | { __typename: 'Announcement', id: string }
    | { __typename: 'InputValidationError', code: string, message: string }
   };

export type AdminUpdateAnnouncementMutationVariables = Exact<{
  id: string | number;
  input: AnnouncementInput;
}>;


export type AdminUpdateAnnouncementMutation = { updateAnnouncement:
    | { __typename: 'Announcement', id: string }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type AdminDeleteAnnouncementMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteAnnouncementMutation = { deleteAnnouncement:
    | { __typename: 'Announcement', id: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type TokenFieldsFragment = { id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null };

export type MyKeysQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MyKeysQuery = { tokens: { edges: Array<{ node: { id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type KeyFormOptionsQueryVariables = Exact<{ [key: string]: never; }>;


export type KeyFormOptionsQuery = { groups: Array<{ name: string, description: string, priceMultiplier: string }> };

export type CreateKeyMutationVariables = Exact<{
  input: CreateTokenInput;
}>;


export type CreateKeyMutation = { createToken:
    | { __typename: 'CreateTokenSuccess', key: string, token: { id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null } }
    | { __typename: 'EmailNotVerifiedError', code: string, message: string }
    | { __typename: 'GroupNotAllowedError', code: string, message: string }
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
   };

export type UpdateKeyMutationVariables = Exact<{
  id: string | number;
  input: UpdateTokenInput;
}>;


export type UpdateKeyMutation = { updateToken:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Token', id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null }
   };

export type RevokeKeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeKeyMutation = { revokeToken:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'Token', id: string, name: string, displayPrefix: string, status: TokenStatus, expiresAt: string | null, quotaCap: string | null, usedQuota: string, remainingQuota: string | null, allowedModels: Array<string> | null, allowedIps: Array<string> | null, rateLimitRpm: number | null, maxConcurrent: number | null, lastUsedAt: string | null, createdAt: string, group: { name: string }, budget: { amount: string, period: BudgetPeriod, spent: string, remaining: string, resetsAt: string } | null }
   };

export type AdminMarginQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type AdminMarginQuery = { byDay:
    | { __typename: 'InputValidationError' }
    | { __typename: 'UsageStats', totals: { cost: string, upstreamCost: string | null, margin: string | null }, rows: Array<{ day: string | null, cost: string, upstreamCost: string | null, margin: string | null }> }
  , byChannel:
    | { __typename: 'InputValidationError' }
    | { __typename: 'UsageStats', rows: Array<{ channelId: string | null, channelName: string | null, requests: number, cost: string, upstreamCost: string | null, margin: string | null }> }
   };

export type CreatePlaygroundKeyMutationVariables = Exact<{ [key: string]: never; }>;


export type CreatePlaygroundKeyMutation = { createPlaygroundKey:
    | { __typename: 'CreateTokenSuccess', key: string, token: { id: string, expiresAt: string | null } }
    | { __typename: 'EmailNotVerifiedError', code: string, message: string }
    | { __typename: 'GroupNotAllowedError', code: string, message: string }
    | { __typename: 'InputValidationError', code: string, message: string }
   };

export type PlaygroundUsageQueryVariables = Exact<{
  first?: number | null | undefined;
}>;


export type PlaygroundUsageQuery = { usage: { edges: Array<{ node: { requestId: string, cost: string, promptTokens: number, completionTokens: number } }> } };

export type CompleteSignInMutationVariables = Exact<{
  challengeToken: string;
  code: string;
}>;


export type CompleteSignInMutation = { completeSignIn:
    | { __typename: 'AccountDisabledError', code: string, message: string }
    | { __typename: 'ChallengeExpiredError', code: string, message: string }
    | { __typename: 'InvalidSecondFactorCodeError', code: string, message: string }
    | { __typename: 'LoginSuccess', sessionToken: string, expiresAt: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
   };

export type BeginPasskeySignInMutationVariables = Exact<{ [key: string]: never; }>;


export type BeginPasskeySignInMutation = { beginPasskeySignIn: { ceremonyToken: string, optionsJson: string } };

export type FinishPasskeySignInMutationVariables = Exact<{
  ceremonyToken: string;
  response: string;
}>;


export type FinishPasskeySignInMutation = { finishPasskeySignIn:
    | { __typename: 'ChallengeExpiredError', code: string, message: string }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'LoginSuccess', sessionToken: string, expiresAt: string }
    | { __typename: 'PasskeyRejectedError', code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
   };

export type MyTwoFactorQueryVariables = Exact<{ [key: string]: never; }>;


export type MyTwoFactorQuery = { myTwoFactor: { totpEnabled: boolean, backupCodesRemaining: number, setupRequired: boolean } };

export type BeginTotpSetupMutationVariables = Exact<{ [key: string]: never; }>;


export type BeginTotpSetupMutation = { beginTotpSetup:
    | { __typename: 'TotpSetup', otpauthUri: string, secret: string }
    | { __typename: 'TwoFactorStateError', code: string, message: string }
   };

export type ConfirmTotpSetupMutationVariables = Exact<{
  code: string;
}>;


export type ConfirmTotpSetupMutation = { confirmTotpSetup:
    | { __typename: 'BackupCodes', codes: Array<string> }
    | { __typename: 'InvalidSecondFactorCodeError', code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
    | { __typename: 'TwoFactorStateError', code: string, message: string }
   };

export type DisableTotpMutationVariables = Exact<{
  code: string;
}>;


export type DisableTotpMutation = { disableTotp:
    | { __typename: 'InvalidSecondFactorCodeError', code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
    | { __typename: 'TwoFactorStateError', code: string, message: string }
    | { __typename: 'TwoFactorStatus' }
   };

export type RegenerateBackupCodesMutationVariables = Exact<{
  code: string;
}>;


export type RegenerateBackupCodesMutation = { regenerateBackupCodes:
    | { __typename: 'BackupCodes', codes: Array<string> }
    | { __typename: 'InvalidSecondFactorCodeError', code: string, message: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
    | { __typename: 'TwoFactorStateError', code: string, message: string }
   };

export type MyPasskeysQueryVariables = Exact<{ [key: string]: never; }>;


export type MyPasskeysQuery = { myPasskeys: Array<{ id: string, name: string, backedUp: boolean, createdAt: string, lastUsedAt: string | null }> };

export type BeginPasskeyRegistrationMutationVariables = Exact<{ [key: string]: never; }>;


export type BeginPasskeyRegistrationMutation = { beginPasskeyRegistration: { ceremonyToken: string, optionsJson: string } };

export type FinishPasskeyRegistrationMutationVariables = Exact<{
  ceremonyToken: string;
  name: string;
  response: string;
}>;


export type FinishPasskeyRegistrationMutation = { finishPasskeyRegistration:
    | { __typename: 'ChallengeExpiredError', code: string, message: string }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'Passkey', id: string }
    | { __typename: 'PasskeyRejectedError', code: string, message: string }
   };

export type RemovePasskeyMutationVariables = Exact<{
  id: string | number;
}>;


export type RemovePasskeyMutation = { removePasskey:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'RemovePasskeySuccess' }
   };

export type MySecurityEventsQueryVariables = Exact<{ [key: string]: never; }>;


export type MySecurityEventsQuery = { mySecurityEvents: Array<{ id: string, kind: string, detail: string, ip: string | null, createdAt: string }> };

export type AdminSettingsFieldsFragment = { registrationOpen: boolean, emailVerificationRequired: boolean, signupGrant: string, checkInAmount: string, defaultTimezone: string, defaultRpm: number, defaultMaxConcurrentPerKey: number, maxConcurrentPerUser: number, maxRpmPerUser: number, displayCurrency: string, quotaPerUnit: string, adminTwoFactorRequired: boolean, affinityTtlSeconds: number | null, updatedAt: string | null, mailTransport: string | null };

export type AdminSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminSettingsQuery = { settings: { registrationOpen: boolean, emailVerificationRequired: boolean, signupGrant: string, checkInAmount: string, defaultTimezone: string, defaultRpm: number, defaultMaxConcurrentPerKey: number, maxConcurrentPerUser: number, maxRpmPerUser: number, displayCurrency: string, quotaPerUnit: string, adminTwoFactorRequired: boolean, affinityTtlSeconds: number | null, updatedAt: string | null, mailTransport: string | null } };

export type AdminUpdateSettingsMutationVariables = Exact<{
  input: UpdateSettingsInput;
}>;


export type AdminUpdateSettingsMutation = { updateSettings:
    | { __typename: 'InputValidationError', field: string, code: string, message: string }
    | { __typename: 'Settings', registrationOpen: boolean, emailVerificationRequired: boolean, signupGrant: string, checkInAmount: string, defaultTimezone: string, defaultRpm: number, defaultMaxConcurrentPerKey: number, maxConcurrentPerUser: number, maxRpmPerUser: number, displayCurrency: string, quotaPerUnit: string, adminTwoFactorRequired: boolean, affinityTtlSeconds: number | null, updatedAt: string | null, mailTransport: string | null }
   };

export type VerifyEmailLinkMutationVariables = Exact<{
  token: string;
}>;


export type VerifyEmailLinkMutation = { verifyEmail:
    | { __typename: 'VerificationTokenInvalidError', code: string, message: string }
    | { __typename: 'VerifyEmailSuccess', email: string, granted: string }
   };

export type ResendVerificationLinkMutationVariables = Exact<{ [key: string]: never; }>;


export type ResendVerificationLinkMutation = { resendVerificationEmail:
    | { __typename: 'EmailAlreadyVerifiedError', code: string, message: string }
    | { __typename: 'MailNotSentError', code: string, message: string }
    | { __typename: 'ResendVerificationEmailSuccess', sentTo: string }
    | { __typename: 'TooManyAttemptsError', code: string, message: string }
   };

export type MyVerificationStateQueryVariables = Exact<{ [key: string]: never; }>;


export type MyVerificationStateQuery = { me: { id: string, email: string, emailVerificationPending: boolean } };

export type ConsoleSignInProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSignInProvidersQuery = { signInProviders: Array<{ id: string, displayName: string, kind: SignInProviderKind }> };

export type ConsoleCompleteProviderSignInMutationVariables = Exact<{
  handoff: string;
}>;


export type ConsoleCompleteProviderSignInMutation = { completeProviderSignIn:
    | { __typename: 'AccountDisabledError', code: string, message: string }
    | { __typename: 'InvalidHandoffError', code: string, message: string }
    | { __typename: 'LoginSuccess', sessionToken: string, expiresAt: string }
    | { __typename: 'SecondFactorRequired', challengeToken: string, code: string, message: string }
   };

export type ConsoleSignInMethodsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleSignInMethodsQuery = { mySignInMethods: { hasPassword: boolean, providers: Array<{ enabled: boolean, email: string | null, linkedAt: string, provider: { id: string, displayName: string, kind: SignInProviderKind } }> }, signInProviders: Array<{ id: string, displayName: string, kind: SignInProviderKind }> };

export type ConsoleBeginProviderLinkMutationVariables = Exact<{
  provider: string;
}>;


export type ConsoleBeginProviderLinkMutation = { beginSignInProviderLink:
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'ProviderLinkStart', authorizationUrl: string }
   };

export type ConsoleUnlinkProviderMutationVariables = Exact<{
  provider: string;
}>;


export type ConsoleUnlinkProviderMutation = { unlinkSignInProvider:
    | { __typename: 'LastWayInError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'UnlinkSignInProviderSuccess', provider: string }
   };

export type SignInProviderConfigFieldsFragment = { id: string, slug: string, kind: SignInProviderKind, displayName: string, enabled: boolean, clientId: string, clientSecretSet: boolean, redirectUrl: string, issuer: string | null, authorizeUrl: string | null, tokenUrl: string | null, userInfoUrl: string | null, apiUrl: string | null, scopes: string | null, subjectField: string | null, emailField: string | null, emailVerifiedField: string | null, trustEmailVerified: boolean };

export type AdminSignInProvidersQueryVariables = Exact<{ [key: string]: never; }>;


export type AdminSignInProvidersQuery = { adminSignInProviders: Array<{ id: string, slug: string, kind: SignInProviderKind, displayName: string, enabled: boolean, clientId: string, clientSecretSet: boolean, redirectUrl: string, issuer: string | null, authorizeUrl: string | null, tokenUrl: string | null, userInfoUrl: string | null, apiUrl: string | null, scopes: string | null, subjectField: string | null, emailField: string | null, emailVerifiedField: string | null, trustEmailVerified: boolean }> };

export type AdminCreateSignInProviderMutationVariables = Exact<{
  input: CreateSignInProviderInput;
}>;


export type AdminCreateSignInProviderMutation = { createSignInProvider:
    | { __typename: 'AlreadyExistsError', code: string, message: string }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'SignInProviderConfig', id: string, slug: string, kind: SignInProviderKind, displayName: string, enabled: boolean, clientId: string, clientSecretSet: boolean, redirectUrl: string, issuer: string | null, authorizeUrl: string | null, tokenUrl: string | null, userInfoUrl: string | null, apiUrl: string | null, scopes: string | null, subjectField: string | null, emailField: string | null, emailVerifiedField: string | null, trustEmailVerified: boolean }
   };

export type AdminUpdateSignInProviderMutationVariables = Exact<{
  id: string | number;
  input: UpdateSignInProviderInput;
}>;


export type AdminUpdateSignInProviderMutation = { updateSignInProvider:
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
    | { __typename: 'SignInProviderConfig', id: string, slug: string, kind: SignInProviderKind, displayName: string, enabled: boolean, clientId: string, clientSecretSet: boolean, redirectUrl: string, issuer: string | null, authorizeUrl: string | null, tokenUrl: string | null, userInfoUrl: string | null, apiUrl: string | null, scopes: string | null, subjectField: string | null, emailField: string | null, emailVerifiedField: string | null, trustEmailVerified: boolean }
   };

export type AdminDeleteSignInProviderMutationVariables = Exact<{
  id: string | number;
}>;


export type AdminDeleteSignInProviderMutation = { deleteSignInProvider:
    | { __typename: 'DeleteSignInProviderSuccess', id: string }
    | { __typename: 'InputValidationError', code: string, message: string }
    | { __typename: 'NotFoundError', code: string, message: string }
   };

export type UsageFieldsFragment = { id: string, requestId: string, createdAt: string, modelId: string | null, tokenId: string | null, outcome: UsageOutcome, httpStatus: number, errorCode: string | null, promptTokens: number, completionTokens: number, images: number, characters: number, cost: string, latencyMs: number, stream: boolean, bucket: UsageBucket | null, userId: string | null };

export type UsageLogQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  filter?: UsageFilter | null | undefined;
}>;


export type UsageLogQuery = { usage: { edges: Array<{ node: { id: string, requestId: string, createdAt: string, modelId: string | null, tokenId: string | null, outcome: UsageOutcome, httpStatus: number, errorCode: string | null, promptTokens: number, completionTokens: number, images: number, characters: number, cost: string, latencyMs: number, stream: boolean, bucket: UsageBucket | null, userId: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export type LedgerFieldsFragment = { id: string, createdAt: string, bucket: QuotaBucket, kind: LedgerKind, amount: string, balanceAfter: string, reference: string | null, requestId: string | null, memo: string | null };

export type LedgerQueryVariables = Exact<{
  first?: number | null | undefined;
  after?: string | null | undefined;
  userId?: string | number | null | undefined;
}>;


export type LedgerQuery = { ledger: { edges: Array<{ node: { id: string, createdAt: string, bucket: QuotaBucket, kind: LedgerKind, amount: string, balanceAfter: string, reference: string | null, requestId: string | null, memo: string | null } }>, pageInfo: { hasNextPage: boolean, endCursor: string | null } } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const ErrorFieldsFragmentDoc = new TypedDocumentString(`
    fragment ErrorFields on Error {
  code
  message
}
    `, {"fragmentName":"ErrorFields"}) as unknown as TypedDocumentString<ErrorFieldsFragment, unknown>;
export const SubscriptionFieldsFragmentDoc = new TypedDocumentString(`
    fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
    `, {"fragmentName":"SubscriptionFields"}) as unknown as TypedDocumentString<SubscriptionFieldsFragment, unknown>;
export const ViewerFieldsFragmentDoc = new TypedDocumentString(`
    fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}
    fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}`, {"fragmentName":"ViewerFields"}) as unknown as TypedDocumentString<ViewerFieldsFragment, unknown>;
export const ImagePriceRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}
    `, {"fragmentName":"ImagePriceRowFields"}) as unknown as TypedDocumentString<ImagePriceRowFieldsFragment, unknown>;
export const ModelFieldsFragmentDoc = new TypedDocumentString(`
    fragment ModelFields on Model {
  id
  modelId
  series
  type
  tier
  status
  description
  contextLength
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
  vendor {
    id
    name
    slug
  }
}
    fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}`, {"fragmentName":"ModelFields"}) as unknown as TypedDocumentString<ModelFieldsFragment, unknown>;
export const AdminModelFieldsFragmentDoc = new TypedDocumentString(`
    fragment AdminModelFields on Model {
  ...ModelFields
  maxOutputTokens
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  priceEffectiveAt
  fallbacks
}
    fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}
fragment ModelFields on Model {
  id
  modelId
  series
  type
  tier
  status
  description
  contextLength
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
  vendor {
    id
    name
    slug
  }
}`, {"fragmentName":"AdminModelFields"}) as unknown as TypedDocumentString<AdminModelFieldsFragment, unknown>;
export const AdminGroupFieldsFragmentDoc = new TypedDocumentString(`
    fragment AdminGroupFields on Group {
  id
  name
  description
  open
  autoOrder
  priceMultiplier
  permitsAllModels
  permittedTiers
  permittedVendors
  permittedModels
  routingPolicy
  members {
    id
    email
  }
}
    `, {"fragmentName":"AdminGroupFields"}) as unknown as TypedDocumentString<AdminGroupFieldsFragment, unknown>;
export const ModelPriceFieldsFragmentDoc = new TypedDocumentString(`
    fragment ModelPriceFields on ModelPrice {
  id
  effectiveAt
  createdAt
  kind
  memo
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
}
    `, {"fragmentName":"ModelPriceFields"}) as unknown as TypedDocumentString<ModelPriceFieldsFragment, unknown>;
export const ChannelPriceFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChannelPriceFields on ChannelPrice {
  id
  modelId
  effectiveAt
  createdAt
  memo
  inputPrice
  outputPrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
}
    fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}`, {"fragmentName":"ChannelPriceFields"}) as unknown as TypedDocumentString<ChannelPriceFieldsFragment, unknown>;
export const ChannelOverrideRuleFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChannelOverrideRuleFields on ChannelOverride {
  target
  op
  path
  value
  models
}
    `, {"fragmentName":"ChannelOverrideRuleFields"}) as unknown as TypedDocumentString<ChannelOverrideRuleFieldsFragment, unknown>;
export const ChannelKeyFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
    `, {"fragmentName":"ChannelKeyFields"}) as unknown as TypedDocumentString<ChannelKeyFieldsFragment, unknown>;
export const ChannelFieldsFragmentDoc = new TypedDocumentString(`
    fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}
    fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}`, {"fragmentName":"ChannelFields"}) as unknown as TypedDocumentString<ChannelFieldsFragment, unknown>;
export const AdminUserFieldsFragmentDoc = new TypedDocumentString(`
    fragment AdminUserFields on User {
  id
  email
  role
  status
  createdAt
  freeQuota
  totalQuota
}
    `, {"fragmentName":"AdminUserFields"}) as unknown as TypedDocumentString<AdminUserFieldsFragment, unknown>;
export const PackageFieldsFragmentDoc = new TypedDocumentString(`
    fragment PackageFields on Package {
  id
  name
  description
  price
  priceMinor
  currency
  durationDays
  quotaPerPeriod
  unlocksTiers
  status
  sortOrder
}
    `, {"fragmentName":"PackageFields"}) as unknown as TypedDocumentString<PackageFieldsFragment, unknown>;
export const OrderFieldsFragmentDoc = new TypedDocumentString(`
    fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}
    `, {"fragmentName":"OrderFields"}) as unknown as TypedDocumentString<OrderFieldsFragment, unknown>;
export const AnnouncementFieldsFragmentDoc = new TypedDocumentString(`
    fragment AnnouncementFields on Announcement {
  id
  title
  body
  startsAt
  expiresAt
}
    `, {"fragmentName":"AnnouncementFields"}) as unknown as TypedDocumentString<AnnouncementFieldsFragment, unknown>;
export const PriceRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment PriceRowFields on PriceRow {
  kind
  unit
  price
}
    `, {"fragmentName":"PriceRowFields"}) as unknown as TypedDocumentString<PriceRowFieldsFragment, unknown>;
export const SpendBudgetFieldsFragmentDoc = new TypedDocumentString(`
    fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
    `, {"fragmentName":"SpendBudgetFields"}) as unknown as TypedDocumentString<SpendBudgetFieldsFragment, unknown>;
export const TokenFieldsFragmentDoc = new TypedDocumentString(`
    fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}
    fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}`, {"fragmentName":"TokenFields"}) as unknown as TypedDocumentString<TokenFieldsFragment, unknown>;
export const AdminSettingsFieldsFragmentDoc = new TypedDocumentString(`
    fragment AdminSettingsFields on Settings {
  registrationOpen
  emailVerificationRequired
  signupGrant
  checkInAmount
  defaultTimezone
  defaultRpm
  defaultMaxConcurrentPerKey
  maxConcurrentPerUser
  maxRpmPerUser
  displayCurrency
  quotaPerUnit
  adminTwoFactorRequired
  affinityTtlSeconds
  updatedAt
  mailTransport
}
    `, {"fragmentName":"AdminSettingsFields"}) as unknown as TypedDocumentString<AdminSettingsFieldsFragment, unknown>;
export const SignInProviderConfigFieldsFragmentDoc = new TypedDocumentString(`
    fragment SignInProviderConfigFields on SignInProviderConfig {
  id
  slug
  kind
  displayName
  enabled
  clientId
  clientSecretSet
  redirectUrl
  issuer
  authorizeUrl
  tokenUrl
  userInfoUrl
  apiUrl
  scopes
  subjectField
  emailField
  emailVerifiedField
  trustEmailVerified
}
    `, {"fragmentName":"SignInProviderConfigFields"}) as unknown as TypedDocumentString<SignInProviderConfigFieldsFragment, unknown>;
export const UsageFieldsFragmentDoc = new TypedDocumentString(`
    fragment UsageFields on UsageLog {
  id
  requestId
  createdAt
  modelId
  tokenId
  outcome
  httpStatus
  errorCode
  promptTokens
  completionTokens
  images
  characters
  cost
  latencyMs
  stream
  bucket
  userId
}
    `, {"fragmentName":"UsageFields"}) as unknown as TypedDocumentString<UsageFieldsFragment, unknown>;
export const LedgerFieldsFragmentDoc = new TypedDocumentString(`
    fragment LedgerFields on LedgerEntry {
  id
  createdAt
  bucket
  kind
  amount
  balanceAfter
  reference
  requestId
  memo
}
    `, {"fragmentName":"LedgerFields"}) as unknown as TypedDocumentString<LedgerFieldsFragment, unknown>;
export const SignInDocument = new TypedDocumentString(`
    mutation SignIn($email: String!, $password: String!) {
  login(email: $email, password: $password) {
    __typename
    ... on LoginSuccess {
      sessionToken
      expiresAt
      user {
        ...ViewerFields
      }
    }
    ... on SecondFactorRequired {
      challengeToken
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<SignInMutation, SignInMutationVariables>;
export const SignUpDocument = new TypedDocumentString(`
    mutation SignUp($email: String!, $password: String!, $inviteCode: String) {
  register(email: $email, password: $password, inviteCode: $inviteCode) {
    __typename
    ... on RegisterSuccess {
      sessionToken
      expiresAt
      user {
        ...ViewerFields
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<SignUpMutation, SignUpMutationVariables>;
export const SignOutDocument = new TypedDocumentString(`
    mutation SignOut {
  logout
}
    `) as unknown as TypedDocumentString<SignOutMutation, SignOutMutationVariables>;
export const ChangeMyPasswordDocument = new TypedDocumentString(`
    mutation ChangeMyPassword($currentPassword: String!, $newPassword: String!) {
  changePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ChangeMyPasswordMutation, ChangeMyPasswordMutationVariables>;
export const ViewerDocument = new TypedDocumentString(`
    query Viewer {
  me {
    ...ViewerFields
  }
}
    fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<ViewerQuery, ViewerQueryVariables>;
export const DashboardDocument = new TypedDocumentString(`
    query Dashboard($from: DateTime!, $to: DateTime!, $timezone: String, $userId: ID) {
  me {
    ...ViewerFields
  }
  checkInStatus {
    checkedInToday
    streak
    nextCheckInAt
    day
  }
  usageStats(
    from: $from
    to: $to
    groupBy: DAY_AND_MODEL
    timezone: $timezone
    userId: $userId
  ) {
    __typename
    ... on UsageStats {
      totals {
        requests
        cost
      }
      rows {
        day
        modelId
        requests
        cost
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<DashboardQuery, DashboardQueryVariables>;
export const CheckInDocument = new TypedDocumentString(`
    mutation CheckIn {
  checkIn {
    __typename
    ... on CheckInSuccess {
      amount
      user {
        ...ViewerFields
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<CheckInMutation, CheckInMutationVariables>;
export const RedeemCodeDocument = new TypedDocumentString(`
    mutation RedeemCode($code: String!) {
  redeemCode(code: $code) {
    __typename
    ... on RedeemCodeSuccess {
      kind
      quotaAmount
      user {
        ...ViewerFields
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}
fragment ViewerFields on User {
  id
  email
  role
  timezone
  freeQuota
  totalQuota
  activeSubscriptions {
    ...SubscriptionFields
  }
}`) as unknown as TypedDocumentString<RedeemCodeMutation, RedeemCodeMutationVariables>;
export const ConsoleSettingsDocument = new TypedDocumentString(`
    query ConsoleSettings {
  consoleSettings: settings {
    quotaPerUsd: quotaPerUnit
    displayCurrency
    checkInAmount
    signupGrant
    registrationOpen
    passwordSignUpEnabled
    emailVerificationRequired
    defaultTimezone
  }
}
    `) as unknown as TypedDocumentString<ConsoleSettingsQuery, ConsoleSettingsQueryVariables>;
export const SetMyTimezoneDocument = new TypedDocumentString(`
    mutation SetMyTimezone($timezone: String) {
  setMyTimezone(timezone: $timezone) {
    __typename
    ... on User {
      id
      timezone
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<SetMyTimezoneMutation, SetMyTimezoneMutationVariables>;
export const AdminCatalogueDocument = new TypedDocumentString(`
    query AdminCatalogue {
  models(filter: {statuses: [ACTIVE, DEPRECATED, HIDDEN]}) {
    ...AdminModelFields
  }
  vendors {
    id
    name
    slug
  }
  allGroups {
    ...AdminGroupFields
  }
  packages(includeArchived: true) {
    ...PackageFields
  }
}
    fragment AdminModelFields on Model {
  ...ModelFields
  maxOutputTokens
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  priceEffectiveAt
  fallbacks
}
fragment AdminGroupFields on Group {
  id
  name
  description
  open
  autoOrder
  priceMultiplier
  permitsAllModels
  permittedTiers
  permittedVendors
  permittedModels
  routingPolicy
  members {
    id
    email
  }
}
fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}
fragment ModelFields on Model {
  id
  modelId
  series
  type
  tier
  status
  description
  contextLength
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
  vendor {
    id
    name
    slug
  }
}
fragment PackageFields on Package {
  id
  name
  description
  price
  priceMinor
  currency
  durationDays
  quotaPerPeriod
  unlocksTiers
  status
  sortOrder
}`) as unknown as TypedDocumentString<AdminCatalogueQuery, AdminCatalogueQueryVariables>;
export const AdminCreateModelDocument = new TypedDocumentString(`
    mutation AdminCreateModel($input: CreateModelInput!) {
  createModel(input: $input) {
    __typename
    ... on Model {
      id
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminCreateModelMutation, AdminCreateModelMutationVariables>;
export const AdminUpdateModelDocument = new TypedDocumentString(`
    mutation AdminUpdateModel($modelId: String!, $input: UpdateModelInput!) {
  updateModel(modelId: $modelId, input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateModelMutation, AdminUpdateModelMutationVariables>;
export const AdminDeprecateModelDocument = new TypedDocumentString(`
    mutation AdminDeprecateModel($modelId: String!) {
  deprecateModel(modelId: $modelId) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminDeprecateModelMutation, AdminDeprecateModelMutationVariables>;
export const AdminHideModelDocument = new TypedDocumentString(`
    mutation AdminHideModel($modelId: String!) {
  hideModel(modelId: $modelId) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminHideModelMutation, AdminHideModelMutationVariables>;
export const AdminModelPriceHistoryDocument = new TypedDocumentString(`
    query AdminModelPriceHistory($modelId: String!) {
  modelPriceHistory(modelId: $modelId) {
    __typename
    ... on ModelPriceHistory {
      prices {
        ...ModelPriceFields
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ModelPriceFields on ModelPrice {
  id
  effectiveAt
  createdAt
  kind
  memo
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
}`) as unknown as TypedDocumentString<AdminModelPriceHistoryQuery, AdminModelPriceHistoryQueryVariables>;
export const AdminSetModelPriceDocument = new TypedDocumentString(`
    mutation AdminSetModelPrice($modelId: String!, $input: SetModelPriceInput!) {
  setModelPrice(modelId: $modelId, input: $input) {
    __typename
    ... on ModelPrice {
      ...ModelPriceFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ModelPriceFields on ModelPrice {
  id
  effectiveAt
  createdAt
  kind
  memo
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
}`) as unknown as TypedDocumentString<AdminSetModelPriceMutation, AdminSetModelPriceMutationVariables>;
export const AdminWithdrawScheduledPriceDocument = new TypedDocumentString(`
    mutation AdminWithdrawScheduledPrice($priceId: ID!) {
  withdrawScheduledPrice(priceId: $priceId) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminWithdrawScheduledPriceMutation, AdminWithdrawScheduledPriceMutationVariables>;
export const AdminCreateVendorDocument = new TypedDocumentString(`
    mutation AdminCreateVendor($input: CreateVendorInput!) {
  createVendor(input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminCreateVendorMutation, AdminCreateVendorMutationVariables>;
export const AdminUpdateVendorDocument = new TypedDocumentString(`
    mutation AdminUpdateVendor($id: ID!, $input: UpdateVendorInput!) {
  updateVendor(id: $id, input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateVendorMutation, AdminUpdateVendorMutationVariables>;
export const AdminApplyVendorDiscountDocument = new TypedDocumentString(`
    mutation AdminApplyVendorDiscount($input: VendorDiscountInput!) {
  applyVendorDiscount(input: $input) {
    __typename
    ... on VendorDiscount {
      factor
      effectiveAt
      prices {
        id
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminApplyVendorDiscountMutation, AdminApplyVendorDiscountMutationVariables>;
export const AdminCreateGroupDocument = new TypedDocumentString(`
    mutation AdminCreateGroup($name: String!, $input: GroupSettingsInput) {
  createGroup(name: $name, input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminCreateGroupMutation, AdminCreateGroupMutationVariables>;
export const AdminUpdateGroupDocument = new TypedDocumentString(`
    mutation AdminUpdateGroup($name: String!, $input: GroupSettingsInput!) {
  updateGroup(name: $name, input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateGroupMutation, AdminUpdateGroupMutationVariables>;
export const AdminAddGroupMemberDocument = new TypedDocumentString(`
    mutation AdminAddGroupMember($group: String!, $userId: ID!) {
  addGroupMember(group: $group, userId: $userId) {
    __typename
    ... on Group {
      ...AdminGroupFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminGroupFields on Group {
  id
  name
  description
  open
  autoOrder
  priceMultiplier
  permitsAllModels
  permittedTiers
  permittedVendors
  permittedModels
  routingPolicy
  members {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminAddGroupMemberMutation, AdminAddGroupMemberMutationVariables>;
export const AdminRemoveGroupMemberDocument = new TypedDocumentString(`
    mutation AdminRemoveGroupMember($group: String!, $userId: ID!) {
  removeGroupMember(group: $group, userId: $userId) {
    __typename
    ... on Group {
      ...AdminGroupFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminGroupFields on Group {
  id
  name
  description
  open
  autoOrder
  priceMultiplier
  permitsAllModels
  permittedTiers
  permittedVendors
  permittedModels
  routingPolicy
  members {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminRemoveGroupMemberMutation, AdminRemoveGroupMemberMutationVariables>;
export const AdminCreatePackageDocument = new TypedDocumentString(`
    mutation AdminCreatePackage($input: CreatePackageInput!) {
  createPackage(input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminCreatePackageMutation, AdminCreatePackageMutationVariables>;
export const AdminUpdatePackageDocument = new TypedDocumentString(`
    mutation AdminUpdatePackage($id: ID!, $input: UpdatePackageInput!) {
  updatePackage(id: $id, input: $input) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdatePackageMutation, AdminUpdatePackageMutationVariables>;
export const AdminArchivePackageDocument = new TypedDocumentString(`
    mutation AdminArchivePackage($id: ID!) {
  archivePackage(id: $id) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminArchivePackageMutation, AdminArchivePackageMutationVariables>;
export const AdminUserPickerDocument = new TypedDocumentString(`
    query AdminUserPicker($emailContains: String!) {
  users(first: 10, filter: {emailContains: $emailContains}) {
    edges {
      node {
        id
        email
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AdminUserPickerQuery, AdminUserPickerQueryVariables>;
export const AdminSetGroupRoutingPolicyDocument = new TypedDocumentString(`
    mutation AdminSetGroupRoutingPolicy($name: String!, $policy: RoutingPolicy!) {
  setGroupRoutingPolicy(name: $name, policy: $policy) {
    __typename
    ... on Group {
      id
      routingPolicy
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminSetGroupRoutingPolicyMutation, AdminSetGroupRoutingPolicyMutationVariables>;
export const AdminChannelCostDocument = new TypedDocumentString(`
    query AdminChannelCost($id: ID!) {
  channel(id: $id) {
    __typename
    ... on Channel {
      id
      models
      costMultiplier
      costPrices {
        ...ChannelPriceFields
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
  models(filter: {statuses: [ACTIVE, DEPRECATED, HIDDEN]}) {
    modelId
    inputPrice
    outputPrice
    requestPrice
    audioMinutePrice
    searchUnitPrice
    audioInputPrice
    audioOutputPrice
    cacheReadPrice
    cacheWritePrice
    cacheWrite1hPrice
    imagePrices {
      ...ImagePriceRowFields
    }
    imageInputPrice
    characterPrice
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelPriceFields on ChannelPrice {
  id
  modelId
  effectiveAt
  createdAt
  memo
  inputPrice
  outputPrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
}
fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}`) as unknown as TypedDocumentString<AdminChannelCostQuery, AdminChannelCostQueryVariables>;
export const AdminSetChannelCostMultiplierDocument = new TypedDocumentString(`
    mutation AdminSetChannelCostMultiplier($channelId: ID!, $multiplier: String) {
  setChannelCostMultiplier(channelId: $channelId, multiplier: $multiplier) {
    __typename
    ... on Channel {
      id
      costMultiplier
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminSetChannelCostMultiplierMutation, AdminSetChannelCostMultiplierMutationVariables>;
export const AdminSetChannelModelCostDocument = new TypedDocumentString(`
    mutation AdminSetChannelModelCost($channelId: ID!, $modelId: String!, $input: SetChannelModelCostInput!) {
  setChannelModelCost(channelId: $channelId, modelId: $modelId, input: $input) {
    __typename
    ... on ChannelPrice {
      ...ChannelPriceFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelPriceFields on ChannelPrice {
  id
  modelId
  effectiveAt
  createdAt
  memo
  inputPrice
  outputPrice
  cacheReadPrice
  cacheWritePrice
  cacheWrite1hPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
}
fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}`) as unknown as TypedDocumentString<AdminSetChannelModelCostMutation, AdminSetChannelModelCostMutationVariables>;
export const AdminWithdrawChannelModelCostDocument = new TypedDocumentString(`
    mutation AdminWithdrawChannelModelCost($priceId: ID!) {
  withdrawChannelModelCost(priceId: $priceId) {
    __typename
    ... on ChannelPrice {
      id
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminWithdrawChannelModelCostMutation, AdminWithdrawChannelModelCostMutationVariables>;
export const AdminChannelOverridesDocument = new TypedDocumentString(`
    query AdminChannelOverrides($id: ID!) {
  channel(id: $id) {
    __typename
    ... on Channel {
      id
      models
      overrides {
        ...ChannelOverrideRuleFields
      }
      changes(first: 20) {
        id
        fields
        before
        after
        actorEmail
        createdAt
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelOverrideRuleFields on ChannelOverride {
  target
  op
  path
  value
  models
}`) as unknown as TypedDocumentString<AdminChannelOverridesQuery, AdminChannelOverridesQueryVariables>;
export const AdminSetChannelOverridesDocument = new TypedDocumentString(`
    mutation AdminSetChannelOverrides($id: ID!, $overrides: [ChannelOverrideInput!]!) {
  updateChannel(id: $id, input: {overrides: $overrides}) {
    __typename
    ... on Channel {
      id
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminSetChannelOverridesMutation, AdminSetChannelOverridesMutationVariables>;
export const AdminAddChannelKeysDocument = new TypedDocumentString(`
    mutation AdminAddChannelKeys($channelId: ID!, $keys: [String!]!) {
  addChannelKeys(channelId: $channelId, keys: $keys) {
    __typename
    ... on Channel {
      ...ChannelFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminAddChannelKeysMutation, AdminAddChannelKeysMutationVariables>;
export const AdminSetChannelKeyEnabledDocument = new TypedDocumentString(`
    mutation AdminSetChannelKeyEnabled($id: ID!, $enabled: Boolean!) {
  enableChannelKey(id: $id) @include(if: $enabled) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
  disableChannelKey(id: $id, reason: "disabled in the console") @skip(if: $enabled) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminSetChannelKeyEnabledMutation, AdminSetChannelKeyEnabledMutationVariables>;
export const AdminRemoveChannelKeyDocument = new TypedDocumentString(`
    mutation AdminRemoveChannelKey($id: ID!) {
  removeChannelKey(id: $id) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminRemoveChannelKeyMutation, AdminRemoveChannelKeyMutationVariables>;
export const AdminImportChannelsDocument = new TypedDocumentString(`
    mutation AdminImportChannels($document: String!, $format: ChannelImportFormat!) {
  importChannels(document: $document, format: $format) {
    imported
    errors {
      row
      name
      errors {
        field
        message
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AdminImportChannelsMutation, AdminImportChannelsMutationVariables>;
export const AdminUpdateChannelsByTagDocument = new TypedDocumentString(`
    mutation AdminUpdateChannelsByTag($tag: String!, $input: ChannelTagUpdateInput!) {
  updateChannelsByTag(tag: $tag, input: $input) {
    __typename
    ... on UpdateChannelsByTagSuccess {
      data
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateChannelsByTagMutation, AdminUpdateChannelsByTagMutationVariables>;
export const AdminDiscoverChannelModelsDocument = new TypedDocumentString(`
    mutation AdminDiscoverChannelModels($channelId: ID!) {
  discoverChannelModels(channelId: $channelId) {
    __typename
    ... on ChannelModelDiscovery {
      models {
        modelId
        servedByChannel
        inCatalogue
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminDiscoverChannelModelsMutation, AdminDiscoverChannelModelsMutationVariables>;
export const AdminAddDiscoveredModelsDocument = new TypedDocumentString(`
    mutation AdminAddDiscoveredModels($channelId: ID!, $models: [CreateModelInput!]!) {
  addDiscoveredModels(channelId: $channelId, models: $models) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminAddDiscoveredModelsMutation, AdminAddDiscoveredModelsMutationVariables>;
export const AdminSetModelFallbacksDocument = new TypedDocumentString(`
    mutation AdminSetModelFallbacks($modelId: String!, $fallbacks: [String!]!) {
  setModelFallbacks(modelId: $modelId, fallbacks: $fallbacks) {
    __typename
    ... on Model {
      modelId
      fallbacks
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminSetModelFallbacksMutation, AdminSetModelFallbacksMutationVariables>;
export const AdminCreateUserDocument = new TypedDocumentString(`
    mutation AdminCreateUser($email: String!, $password: String, $role: UserRole) {
  createUser(email: $email, password: $password, role: $role) {
    __typename
    ... on AdminCreatedUser {
      oneTimePassword
      user {
        ...AdminUserFields
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminUserFields on User {
  id
  email
  role
  status
  createdAt
  freeQuota
  totalQuota
}`) as unknown as TypedDocumentString<AdminCreateUserMutation, AdminCreateUserMutationVariables>;
export const AdminResetUserPasswordDocument = new TypedDocumentString(`
    mutation AdminResetUserPassword($id: ID!) {
  resetUserPassword(id: $id) {
    __typename
    ... on AdminCreatedUser {
      oneTimePassword
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminResetUserPasswordMutation, AdminResetUserPasswordMutationVariables>;
export const AdminDeleteUserDocument = new TypedDocumentString(`
    mutation AdminDeleteUser($id: ID!) {
  deleteUser(id: $id) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminDeleteUserMutation, AdminDeleteUserMutationVariables>;
export const AdminUserSubscriptionsDocument = new TypedDocumentString(`
    query AdminUserSubscriptions($userId: ID!) {
  subscriptions(userId: $userId) {
    ...SubscriptionFields
  }
}
    fragment SubscriptionFields on Subscription {
  id
  status
  startsAt
  endsAt
  quotaTotal
  quotaRemaining
  quotaUsed
  unlocksTiers
  package {
    id
    name
  }
}`) as unknown as TypedDocumentString<AdminUserSubscriptionsQuery, AdminUserSubscriptionsQueryVariables>;
export const AdminAdjustSubscriptionQuotaDocument = new TypedDocumentString(`
    mutation AdminAdjustSubscriptionQuota($subscriptionId: ID!, $amount: BigInt!, $memo: String!) {
  adjustSubscriptionQuota(
    subscriptionId: $subscriptionId
    amount: $amount
    memo: $memo
  ) {
    __typename
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminAdjustSubscriptionQuotaMutation, AdminAdjustSubscriptionQuotaMutationVariables>;
export const AdminUserKeysDocument = new TypedDocumentString(`
    query AdminUserKeys($userId: ID!, $first: Int, $after: String) {
  tokens(userId: $userId, first: $first, after: $after) {
    edges {
      node {
        ...TokenFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}`) as unknown as TypedDocumentString<AdminUserKeysQuery, AdminUserKeysQueryVariables>;
export const AdminUnlockUserDocument = new TypedDocumentString(`
    mutation AdminUnlockUser($id: ID!) {
  unlockUser(id: $id) {
    __typename
    ... on UnlockUserSuccess {
      countersCleared
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUnlockUserMutation, AdminUnlockUserMutationVariables>;
export const AdminChannelsDocument = new TypedDocumentString(`
    query AdminChannels($first: Int, $after: String, $filter: ChannelFilter) {
  channels(first: $first, after: $after, filter: $filter) {
    edges {
      node {
        ...ChannelFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminChannelsQuery, AdminChannelsQueryVariables>;
export const ChannelFormOptionsDocument = new TypedDocumentString(`
    query ChannelFormOptions {
  allGroups {
    name
  }
  models {
    modelId
    vendor {
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ChannelFormOptionsQuery, ChannelFormOptionsQueryVariables>;
export const AdminCreateChannelDocument = new TypedDocumentString(`
    mutation AdminCreateChannel($input: CreateChannelInput!) {
  createChannel(input: $input) {
    __typename
    ... on Channel {
      ...ChannelFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminCreateChannelMutation, AdminCreateChannelMutationVariables>;
export const AdminUpdateChannelDocument = new TypedDocumentString(`
    mutation AdminUpdateChannel($id: ID!, $input: UpdateChannelInput!) {
  updateChannel(id: $id, input: $input) {
    __typename
    ... on Channel {
      ...ChannelFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminUpdateChannelMutation, AdminUpdateChannelMutationVariables>;
export const AdminSetChannelEnabledDocument = new TypedDocumentString(`
    mutation AdminSetChannelEnabled($id: ID!, $enabled: Boolean!) {
  enableChannel(id: $id) @include(if: $enabled) {
    __typename
    ... on Channel {
      ...ChannelFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
  disableChannel(id: $id) @skip(if: $enabled) {
    __typename
    ... on Channel {
      ...ChannelFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminSetChannelEnabledMutation, AdminSetChannelEnabledMutationVariables>;
export const AdminTestChannelDocument = new TypedDocumentString(`
    mutation AdminTestChannel($id: ID!) {
  testChannel(id: $id) {
    __typename
    ... on ChannelTestReport {
      ok
      model
      status
      latencyMs
      error
      reply
      keyInvalid
      channel {
        ...ChannelFields
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminTestChannelMutation, AdminTestChannelMutationVariables>;
export const AdminOrdersDocument = new TypedDocumentString(`
    query AdminOrders($first: Int, $after: String, $status: OrderStatus) {
  orders(first: $first, after: $after, filter: {status: $status}) {
    edges {
      node {
        ...OrderFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminOrdersQuery, AdminOrdersQueryVariables>;
export const AdminMarkOrderPaidDocument = new TypedDocumentString(`
    mutation AdminMarkOrderPaid($orderId: ID!, $memo: String) {
  markOrderPaid(orderId: $orderId, memo: $memo) {
    __typename
    ... on Order {
      ...OrderFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminMarkOrderPaidMutation, AdminMarkOrderPaidMutationVariables>;
export const AdminCancelOrderDocument = new TypedDocumentString(`
    mutation AdminCancelOrder($orderId: ID!) {
  cancelOrder(orderId: $orderId) {
    __typename
    ... on Order {
      ...OrderFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminCancelOrderMutation, AdminCancelOrderMutationVariables>;
export const AdminRefundOrderDocument = new TypedDocumentString(`
    mutation AdminRefundOrder($orderId: ID!, $memo: String) {
  refundOrder(orderId: $orderId, memo: $memo) {
    __typename
    ... on Order {
      ...OrderFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<AdminRefundOrderMutation, AdminRefundOrderMutationVariables>;
export const AdminUsersDocument = new TypedDocumentString(`
    query AdminUsers($first: Int, $after: String, $filter: UserFilter) {
  users(first: $first, after: $after, filter: $filter) {
    edges {
      node {
        ...AdminUserFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment AdminUserFields on User {
  id
  email
  role
  status
  createdAt
  freeQuota
  totalQuota
}`) as unknown as TypedDocumentString<AdminUsersQuery, AdminUsersQueryVariables>;
export const AdminSetUserEnabledDocument = new TypedDocumentString(`
    mutation AdminSetUserEnabled($id: ID!, $enabled: Boolean!) {
  enableUser(id: $id) @include(if: $enabled) {
    __typename
    ... on User {
      ...AdminUserFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
  disableUser(id: $id) @skip(if: $enabled) {
    __typename
    ... on User {
      ...AdminUserFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminUserFields on User {
  id
  email
  role
  status
  createdAt
  freeQuota
  totalQuota
}`) as unknown as TypedDocumentString<AdminSetUserEnabledMutation, AdminSetUserEnabledMutationVariables>;
export const AdminSetUserRoleDocument = new TypedDocumentString(`
    mutation AdminSetUserRole($id: ID!, $role: UserRole!) {
  setUserRole(id: $id, role: $role) {
    __typename
    ... on User {
      ...AdminUserFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminUserFields on User {
  id
  email
  role
  status
  createdAt
  freeQuota
  totalQuota
}`) as unknown as TypedDocumentString<AdminSetUserRoleMutation, AdminSetUserRoleMutationVariables>;
export const AdminAdjustQuotaDocument = new TypedDocumentString(`
    mutation AdminAdjustQuota($userId: ID!, $amount: BigInt!, $memo: String!) {
  adjustUserQuota(userId: $userId, amount: $amount, memo: $memo) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminAdjustQuotaMutation, AdminAdjustQuotaMutationVariables>;
export const AdminOverviewDocument = new TypedDocumentString(`
    query AdminOverview($from: DateTime!, $to: DateTime!) {
  usageStats(from: $from, to: $to, groupBy: MODEL) {
    __typename
    ... on UsageStats {
      totals {
        requests
        successfulRequests
        cost
      }
      rows {
        modelId
        requests
        successfulRequests
        cost
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
  channels(first: 50) {
    edges {
      node {
        ...ChannelFields
      }
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment ChannelKeyFields on ChannelKey {
  id
  last4
  status
  lastError
  lastErrorAt
  usedCount
  disabledReason
  disabledAt
  createdAt
}
fragment ChannelFields on Channel {
  id
  name
  protocol
  baseUrl
  hasSecret
  secretLast4
  models
  groups
  priority
  weight
  status
  statusReason
  lastTestAt
  lastTestOk
  lastTestLatencyMs
  lastTestError
  lastError
  lastErrorAt
  tags
  keys {
    ...ChannelKeyFields
  }
  health {
    state
    recentErrorRate
    recentRequests
    requests
    failures
  }
}`) as unknown as TypedDocumentString<AdminOverviewQuery, AdminOverviewQueryVariables>;
export const AdminRedemptionCodesDocument = new TypedDocumentString(`
    query AdminRedemptionCodes($first: Int, $after: String) {
  redemptionCodes(first: $first, after: $after) {
    edges {
      node {
        id
        displayPrefix
        kind
        quotaAmount
        maxUses
        usedCount
        status
        memo
        expiresAt
        createdAt
        package {
          name
        }
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    `) as unknown as TypedDocumentString<AdminRedemptionCodesQuery, AdminRedemptionCodesQueryVariables>;
export const AdminGenerateCodesDocument = new TypedDocumentString(`
    mutation AdminGenerateCodes($input: GenerateRedemptionCodesInput!) {
  generateRedemptionCodes(input: $input) {
    __typename
    ... on GenerateRedemptionCodesSuccess {
      codes {
        code
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminGenerateCodesMutation, AdminGenerateCodesMutationVariables>;
export const AdminUsageStatsDocument = new TypedDocumentString(`
    query AdminUsageStats($from: DateTime!, $to: DateTime!, $timezone: String, $groupBy: [UsageStatsGroupBy!], $userId: ID, $modelId: String, $channelId: ID, $group: String, $surface: String) {
  usageStats(
    from: $from
    to: $to
    timezone: $timezone
    groupBy: $groupBy
    userId: $userId
    modelId: $modelId
    channelId: $channelId
    group: $group
    surface: $surface
  ) {
    __typename
    ... on UsageStats {
      timezone
      totals {
        requests
        successfulRequests
        promptTokens
        completionTokens
        cost
      }
      rows {
        day
        hour
        modelId
        userId
        userEmail
        tokenId
        channelId
        channelName
        group
        surface
        requests
        successfulRequests
        promptTokens
        completionTokens
        cost
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUsageStatsQuery, AdminUsageStatsQueryVariables>;
export const SetKeyBudgetDocument = new TypedDocumentString(`
    mutation SetKeyBudget($tokenId: ID!, $budget: SpendBudgetInput) {
  setTokenBudget(tokenId: $tokenId, budget: $budget) {
    __typename
    ... on Token {
      id
      budget {
        ...SpendBudgetFields
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}`) as unknown as TypedDocumentString<SetKeyBudgetMutation, SetKeyBudgetMutationVariables>;
export const UserBudgetDocument = new TypedDocumentString(`
    query UserBudget($userId: ID) {
  userBudget(userId: $userId) {
    userId
    budget {
      ...SpendBudgetFields
    }
  }
}
    fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}`) as unknown as TypedDocumentString<UserBudgetQuery, UserBudgetQueryVariables>;
export const AdminSetUserBudgetDocument = new TypedDocumentString(`
    mutation AdminSetUserBudget($userId: ID!, $budget: SpendBudgetInput) {
  setUserBudget(userId: $userId, budget: $budget) {
    __typename
    ... on UserSpendBudget {
      userId
      budget {
        ...SpendBudgetFields
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}`) as unknown as TypedDocumentString<AdminSetUserBudgetMutation, AdminSetUserBudgetMutationVariables>;
export const CatalogueDocument = new TypedDocumentString(`
    query Catalogue {
  catalogue {
    name
    vendor {
      id
      name
      slug
    }
    models {
      ...ModelFields
    }
  }
}
    fragment ImagePriceRowFields on ImagePriceRow {
  size
  quality
  price
  outputTokens
}
fragment ModelFields on Model {
  id
  modelId
  series
  type
  tier
  status
  description
  contextLength
  inputPrice
  outputPrice
  requestPrice
  audioMinutePrice
  searchUnitPrice
  audioInputPrice
  audioOutputPrice
  imagePrices {
    ...ImagePriceRowFields
  }
  imageInputPrice
  characterPrice
  vendor {
    id
    name
    slug
  }
}`) as unknown as TypedDocumentString<CatalogueQuery, CatalogueQueryVariables>;
export const PackagesAndOrdersDocument = new TypedDocumentString(`
    query PackagesAndOrders($first: Int, $after: String) {
  paymentMethods {
    provider
    method
    displayName
  }
  packages {
    ...PackageFields
  }
  orders(first: $first, after: $after) {
    edges {
      node {
        ...OrderFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment PackageFields on Package {
  id
  name
  description
  price
  priceMinor
  currency
  durationDays
  quotaPerPeriod
  unlocksTiers
  status
  sortOrder
}
fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<PackagesAndOrdersQuery, PackagesAndOrdersQueryVariables>;
export const BuyPackageDocument = new TypedDocumentString(`
    mutation BuyPackage($packageId: ID!, $provider: String, $method: String) {
  purchasePackage(packageId: $packageId, provider: $provider, method: $method) {
    __typename
    ... on Order {
      ...OrderFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment OrderFields on Order {
  id
  status
  amount
  currency
  provider
  providerRef
  createdAt
  paidAt
  cancelledAt
  refundedAt
  expiresAt
  checkoutUrl
  qrCode
  paymentMethod
  package {
    id
    name
  }
  user {
    id
    email
  }
}`) as unknown as TypedDocumentString<BuyPackageMutation, BuyPackageMutationVariables>;
export const AnnouncementsDocument = new TypedDocumentString(`
    query Announcements {
  announcements {
    ...AnnouncementFields
  }
}
    fragment AnnouncementFields on Announcement {
  id
  title
  body
  startsAt
  expiresAt
}`) as unknown as TypedDocumentString<AnnouncementsQuery, AnnouncementsQueryVariables>;
export const PricingPageDocument = new TypedDocumentString(`
    query PricingPage {
  catalogue {
    name
    vendor {
      id
      name
      slug
    }
    models {
      id
      modelId
      series
      type
      tier
      status
      contextLength
      description
      priceRows {
        ...PriceRowFields
      }
      groupPrices {
        group
        multiplier
        prices {
          rows {
            ...PriceRowFields
          }
        }
      }
    }
  }
}
    fragment PriceRowFields on PriceRow {
  kind
  unit
  price
}`) as unknown as TypedDocumentString<PricingPageQuery, PricingPageQueryVariables>;
export const MyInvitationPageDocument = new TypedDocumentString(`
    query MyInvitationPage {
  myInvitation {
    code
    joined
    verified
    rewardsEarned
  }
  settings {
    invitationRewardsEnabled
    inviteVerifiedReward
    inviteCommissionPercent
  }
}
    `) as unknown as TypedDocumentString<MyInvitationPageQuery, MyInvitationPageQueryVariables>;
export const AdminInvitationsDocument = new TypedDocumentString(`
    query AdminInvitations($limit: Int) {
  topInviters(limit: $limit) {
    user {
      id
      email
    }
    joined
    verified
    rewardsEarned
  }
  settings {
    invitationRewardsEnabled
    inviteVerifiedReward
    inviteCommissionPercent
  }
}
    `) as unknown as TypedDocumentString<AdminInvitationsQuery, AdminInvitationsQueryVariables>;
export const AdminUpdateInvitationRewardsDocument = new TypedDocumentString(`
    mutation AdminUpdateInvitationRewards($input: UpdateSettingsInput!) {
  updateSettings(input: $input) {
    __typename
    ... on Settings {
      invitationRewardsEnabled
      inviteVerifiedReward
      inviteCommissionPercent
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateInvitationRewardsMutation, AdminUpdateInvitationRewardsMutationVariables>;
export const AdminAnnouncementsDocument = new TypedDocumentString(`
    query AdminAnnouncements {
  allAnnouncements {
    ...AnnouncementFields
  }
}
    fragment AnnouncementFields on Announcement {
  id
  title
  body
  startsAt
  expiresAt
}`) as unknown as TypedDocumentString<AdminAnnouncementsQuery, AdminAnnouncementsQueryVariables>;
export const AdminCreateAnnouncementDocument = new TypedDocumentString(`
    mutation AdminCreateAnnouncement($input: AnnouncementInput!) {
  createAnnouncement(input: $input) {
    __typename
    ... on Announcement {
      id
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminCreateAnnouncementMutation, AdminCreateAnnouncementMutationVariables>;
export const AdminUpdateAnnouncementDocument = new TypedDocumentString(`
    mutation AdminUpdateAnnouncement($id: ID!, $input: AnnouncementInput!) {
  updateAnnouncement(id: $id, input: $input) {
    __typename
    ... on Announcement {
      id
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminUpdateAnnouncementMutation, AdminUpdateAnnouncementMutationVariables>;
export const AdminDeleteAnnouncementDocument = new TypedDocumentString(`
    mutation AdminDeleteAnnouncement($id: ID!) {
  deleteAnnouncement(id: $id) {
    __typename
    ... on Announcement {
      id
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminDeleteAnnouncementMutation, AdminDeleteAnnouncementMutationVariables>;
export const MyKeysDocument = new TypedDocumentString(`
    query MyKeys($first: Int, $after: String) {
  tokens(first: $first, after: $after) {
    edges {
      node {
        ...TokenFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}`) as unknown as TypedDocumentString<MyKeysQuery, MyKeysQueryVariables>;
export const KeyFormOptionsDocument = new TypedDocumentString(`
    query KeyFormOptions {
  groups {
    name
    description
    priceMultiplier
  }
}
    `) as unknown as TypedDocumentString<KeyFormOptionsQuery, KeyFormOptionsQueryVariables>;
export const CreateKeyDocument = new TypedDocumentString(`
    mutation CreateKey($input: CreateTokenInput!) {
  createToken(input: $input) {
    __typename
    ... on CreateTokenSuccess {
      key
      token {
        ...TokenFields
      }
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}`) as unknown as TypedDocumentString<CreateKeyMutation, CreateKeyMutationVariables>;
export const UpdateKeyDocument = new TypedDocumentString(`
    mutation UpdateKey($id: ID!, $input: UpdateTokenInput!) {
  updateToken(id: $id, input: $input) {
    __typename
    ... on Token {
      ...TokenFields
    }
    ... on InputValidationError {
      field
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}`) as unknown as TypedDocumentString<UpdateKeyMutation, UpdateKeyMutationVariables>;
export const RevokeKeyDocument = new TypedDocumentString(`
    mutation RevokeKey($id: ID!) {
  revokeToken(id: $id) {
    __typename
    ... on Token {
      ...TokenFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SpendBudgetFields on SpendBudget {
  amount
  period
  spent
  remaining
  resetsAt
}
fragment TokenFields on Token {
  id
  name
  displayPrefix
  status
  expiresAt
  quotaCap
  usedQuota
  remainingQuota
  allowedModels
  allowedIps
  rateLimitRpm
  maxConcurrent
  lastUsedAt
  createdAt
  group {
    name
  }
  budget {
    ...SpendBudgetFields
  }
}`) as unknown as TypedDocumentString<RevokeKeyMutation, RevokeKeyMutationVariables>;
export const AdminMarginDocument = new TypedDocumentString(`
    query AdminMargin($from: DateTime!, $to: DateTime!) {
  byDay: usageStats(from: $from, to: $to, groupBy: [DAY]) {
    __typename
    ... on UsageStats {
      totals {
        cost
        upstreamCost
        margin
      }
      rows {
        day
        cost
        upstreamCost
        margin
      }
    }
  }
  byChannel: usageStats(from: $from, to: $to, groupBy: [CHANNEL]) {
    __typename
    ... on UsageStats {
      rows {
        channelId
        channelName
        requests
        cost
        upstreamCost
        margin
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AdminMarginQuery, AdminMarginQueryVariables>;
export const CreatePlaygroundKeyDocument = new TypedDocumentString(`
    mutation CreatePlaygroundKey {
  createPlaygroundKey {
    __typename
    ... on CreateTokenSuccess {
      key
      token {
        id
        expiresAt
      }
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<CreatePlaygroundKeyMutation, CreatePlaygroundKeyMutationVariables>;
export const PlaygroundUsageDocument = new TypedDocumentString(`
    query PlaygroundUsage($first: Int) {
  usage(first: $first) {
    edges {
      node {
        requestId
        cost
        promptTokens
        completionTokens
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PlaygroundUsageQuery, PlaygroundUsageQueryVariables>;
export const CompleteSignInDocument = new TypedDocumentString(`
    mutation CompleteSignIn($challengeToken: String!, $code: String!) {
  completeSignIn(challengeToken: $challengeToken, code: $code) {
    __typename
    ... on LoginSuccess {
      sessionToken
      expiresAt
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<CompleteSignInMutation, CompleteSignInMutationVariables>;
export const BeginPasskeySignInDocument = new TypedDocumentString(`
    mutation BeginPasskeySignIn {
  beginPasskeySignIn {
    ceremonyToken
    optionsJson
  }
}
    `) as unknown as TypedDocumentString<BeginPasskeySignInMutation, BeginPasskeySignInMutationVariables>;
export const FinishPasskeySignInDocument = new TypedDocumentString(`
    mutation FinishPasskeySignIn($ceremonyToken: String!, $response: String!) {
  finishPasskeySignIn(ceremonyToken: $ceremonyToken, response: $response) {
    __typename
    ... on LoginSuccess {
      sessionToken
      expiresAt
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<FinishPasskeySignInMutation, FinishPasskeySignInMutationVariables>;
export const MyTwoFactorDocument = new TypedDocumentString(`
    query MyTwoFactor {
  myTwoFactor {
    totpEnabled
    backupCodesRemaining
    setupRequired
  }
}
    `) as unknown as TypedDocumentString<MyTwoFactorQuery, MyTwoFactorQueryVariables>;
export const BeginTotpSetupDocument = new TypedDocumentString(`
    mutation BeginTotpSetup {
  beginTotpSetup {
    __typename
    ... on TotpSetup {
      otpauthUri
      secret
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<BeginTotpSetupMutation, BeginTotpSetupMutationVariables>;
export const ConfirmTotpSetupDocument = new TypedDocumentString(`
    mutation ConfirmTotpSetup($code: String!) {
  confirmTotpSetup(code: $code) {
    __typename
    ... on BackupCodes {
      codes
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ConfirmTotpSetupMutation, ConfirmTotpSetupMutationVariables>;
export const DisableTotpDocument = new TypedDocumentString(`
    mutation DisableTotp($code: String!) {
  disableTotp(code: $code) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<DisableTotpMutation, DisableTotpMutationVariables>;
export const RegenerateBackupCodesDocument = new TypedDocumentString(`
    mutation RegenerateBackupCodes($code: String!) {
  regenerateBackupCodes(code: $code) {
    __typename
    ... on BackupCodes {
      codes
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<RegenerateBackupCodesMutation, RegenerateBackupCodesMutationVariables>;
export const MyPasskeysDocument = new TypedDocumentString(`
    query MyPasskeys {
  myPasskeys {
    id
    name
    backedUp
    createdAt
    lastUsedAt
  }
}
    `) as unknown as TypedDocumentString<MyPasskeysQuery, MyPasskeysQueryVariables>;
export const BeginPasskeyRegistrationDocument = new TypedDocumentString(`
    mutation BeginPasskeyRegistration {
  beginPasskeyRegistration {
    ceremonyToken
    optionsJson
  }
}
    `) as unknown as TypedDocumentString<BeginPasskeyRegistrationMutation, BeginPasskeyRegistrationMutationVariables>;
export const FinishPasskeyRegistrationDocument = new TypedDocumentString(`
    mutation FinishPasskeyRegistration($ceremonyToken: String!, $name: String!, $response: String!) {
  finishPasskeyRegistration(
    ceremonyToken: $ceremonyToken
    name: $name
    response: $response
  ) {
    __typename
    ... on Passkey {
      id
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<FinishPasskeyRegistrationMutation, FinishPasskeyRegistrationMutationVariables>;
export const RemovePasskeyDocument = new TypedDocumentString(`
    mutation RemovePasskey($id: ID!) {
  removePasskey(id: $id) {
    __typename
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<RemovePasskeyMutation, RemovePasskeyMutationVariables>;
export const MySecurityEventsDocument = new TypedDocumentString(`
    query MySecurityEvents {
  mySecurityEvents(limit: 50) {
    id
    kind
    detail
    ip
    createdAt
  }
}
    `) as unknown as TypedDocumentString<MySecurityEventsQuery, MySecurityEventsQueryVariables>;
export const AdminSettingsDocument = new TypedDocumentString(`
    query AdminSettings {
  settings {
    ...AdminSettingsFields
  }
}
    fragment AdminSettingsFields on Settings {
  registrationOpen
  emailVerificationRequired
  signupGrant
  checkInAmount
  defaultTimezone
  defaultRpm
  defaultMaxConcurrentPerKey
  maxConcurrentPerUser
  maxRpmPerUser
  displayCurrency
  quotaPerUnit
  adminTwoFactorRequired
  affinityTtlSeconds
  updatedAt
  mailTransport
}`) as unknown as TypedDocumentString<AdminSettingsQuery, AdminSettingsQueryVariables>;
export const AdminUpdateSettingsDocument = new TypedDocumentString(`
    mutation AdminUpdateSettings($input: UpdateSettingsInput!) {
  updateSettings(input: $input) {
    __typename
    ... on Settings {
      ...AdminSettingsFields
    }
    ... on Error {
      ...ErrorFields
    }
    ... on InputValidationError {
      field
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment AdminSettingsFields on Settings {
  registrationOpen
  emailVerificationRequired
  signupGrant
  checkInAmount
  defaultTimezone
  defaultRpm
  defaultMaxConcurrentPerKey
  maxConcurrentPerUser
  maxRpmPerUser
  displayCurrency
  quotaPerUnit
  adminTwoFactorRequired
  affinityTtlSeconds
  updatedAt
  mailTransport
}`) as unknown as TypedDocumentString<AdminUpdateSettingsMutation, AdminUpdateSettingsMutationVariables>;
export const VerifyEmailLinkDocument = new TypedDocumentString(`
    mutation VerifyEmailLink($token: String!) {
  verifyEmail(token: $token) {
    __typename
    ... on VerifyEmailSuccess {
      email
      granted
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<VerifyEmailLinkMutation, VerifyEmailLinkMutationVariables>;
export const ResendVerificationLinkDocument = new TypedDocumentString(`
    mutation ResendVerificationLink {
  resendVerificationEmail {
    __typename
    ... on ResendVerificationEmailSuccess {
      sentTo
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ResendVerificationLinkMutation, ResendVerificationLinkMutationVariables>;
export const MyVerificationStateDocument = new TypedDocumentString(`
    query MyVerificationState {
  me {
    id
    email
    emailVerificationPending
  }
}
    `) as unknown as TypedDocumentString<MyVerificationStateQuery, MyVerificationStateQueryVariables>;
export const ConsoleSignInProvidersDocument = new TypedDocumentString(`
    query ConsoleSignInProviders {
  signInProviders {
    id
    displayName
    kind
  }
}
    `) as unknown as TypedDocumentString<ConsoleSignInProvidersQuery, ConsoleSignInProvidersQueryVariables>;
export const ConsoleCompleteProviderSignInDocument = new TypedDocumentString(`
    mutation ConsoleCompleteProviderSignIn($handoff: String!) {
  completeProviderSignIn(handoff: $handoff) {
    __typename
    ... on LoginSuccess {
      sessionToken
      expiresAt
    }
    ... on SecondFactorRequired {
      challengeToken
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ConsoleCompleteProviderSignInMutation, ConsoleCompleteProviderSignInMutationVariables>;
export const ConsoleSignInMethodsDocument = new TypedDocumentString(`
    query ConsoleSignInMethods {
  mySignInMethods {
    hasPassword
    providers {
      provider {
        id
        displayName
        kind
      }
      enabled
      email
      linkedAt
    }
  }
  signInProviders {
    id
    displayName
    kind
  }
}
    `) as unknown as TypedDocumentString<ConsoleSignInMethodsQuery, ConsoleSignInMethodsQueryVariables>;
export const ConsoleBeginProviderLinkDocument = new TypedDocumentString(`
    mutation ConsoleBeginProviderLink($provider: String!) {
  beginSignInProviderLink(provider: $provider) {
    __typename
    ... on ProviderLinkStart {
      authorizationUrl
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ConsoleBeginProviderLinkMutation, ConsoleBeginProviderLinkMutationVariables>;
export const ConsoleUnlinkProviderDocument = new TypedDocumentString(`
    mutation ConsoleUnlinkProvider($provider: String!) {
  unlinkSignInProvider(provider: $provider) {
    __typename
    ... on UnlinkSignInProviderSuccess {
      provider
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<ConsoleUnlinkProviderMutation, ConsoleUnlinkProviderMutationVariables>;
export const AdminSignInProvidersDocument = new TypedDocumentString(`
    query AdminSignInProviders {
  adminSignInProviders {
    ...SignInProviderConfigFields
  }
}
    fragment SignInProviderConfigFields on SignInProviderConfig {
  id
  slug
  kind
  displayName
  enabled
  clientId
  clientSecretSet
  redirectUrl
  issuer
  authorizeUrl
  tokenUrl
  userInfoUrl
  apiUrl
  scopes
  subjectField
  emailField
  emailVerifiedField
  trustEmailVerified
}`) as unknown as TypedDocumentString<AdminSignInProvidersQuery, AdminSignInProvidersQueryVariables>;
export const AdminCreateSignInProviderDocument = new TypedDocumentString(`
    mutation AdminCreateSignInProvider($input: CreateSignInProviderInput!) {
  createSignInProvider(input: $input) {
    __typename
    ... on SignInProviderConfig {
      ...SignInProviderConfigFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SignInProviderConfigFields on SignInProviderConfig {
  id
  slug
  kind
  displayName
  enabled
  clientId
  clientSecretSet
  redirectUrl
  issuer
  authorizeUrl
  tokenUrl
  userInfoUrl
  apiUrl
  scopes
  subjectField
  emailField
  emailVerifiedField
  trustEmailVerified
}`) as unknown as TypedDocumentString<AdminCreateSignInProviderMutation, AdminCreateSignInProviderMutationVariables>;
export const AdminUpdateSignInProviderDocument = new TypedDocumentString(`
    mutation AdminUpdateSignInProvider($id: ID!, $input: UpdateSignInProviderInput!) {
  updateSignInProvider(id: $id, input: $input) {
    __typename
    ... on SignInProviderConfig {
      ...SignInProviderConfigFields
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}
fragment SignInProviderConfigFields on SignInProviderConfig {
  id
  slug
  kind
  displayName
  enabled
  clientId
  clientSecretSet
  redirectUrl
  issuer
  authorizeUrl
  tokenUrl
  userInfoUrl
  apiUrl
  scopes
  subjectField
  emailField
  emailVerifiedField
  trustEmailVerified
}`) as unknown as TypedDocumentString<AdminUpdateSignInProviderMutation, AdminUpdateSignInProviderMutationVariables>;
export const AdminDeleteSignInProviderDocument = new TypedDocumentString(`
    mutation AdminDeleteSignInProvider($id: ID!) {
  deleteSignInProvider(id: $id) {
    __typename
    ... on DeleteSignInProviderSuccess {
      id
    }
    ... on Error {
      ...ErrorFields
    }
  }
}
    fragment ErrorFields on Error {
  code
  message
}`) as unknown as TypedDocumentString<AdminDeleteSignInProviderMutation, AdminDeleteSignInProviderMutationVariables>;
export const UsageLogDocument = new TypedDocumentString(`
    query UsageLog($first: Int, $after: String, $filter: UsageFilter) {
  usage(first: $first, after: $after, filter: $filter) {
    edges {
      node {
        ...UsageFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment UsageFields on UsageLog {
  id
  requestId
  createdAt
  modelId
  tokenId
  outcome
  httpStatus
  errorCode
  promptTokens
  completionTokens
  images
  characters
  cost
  latencyMs
  stream
  bucket
  userId
}`) as unknown as TypedDocumentString<UsageLogQuery, UsageLogQueryVariables>;
export const LedgerDocument = new TypedDocumentString(`
    query Ledger($first: Int, $after: String, $userId: ID) {
  ledger(first: $first, after: $after, userId: $userId) {
    edges {
      node {
        ...LedgerFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
}
    fragment LedgerFields on LedgerEntry {
  id
  createdAt
  bucket
  kind
  amount
  balanceAfter
  reference
  requestId
  memo
}`) as unknown as TypedDocumentString<LedgerQuery, LedgerQueryVariables>;