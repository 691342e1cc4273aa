import type { Config } from '../../config';
import type { Billing } from '../../domain/billing/billing.types';
import type { CatalogueCache } from '../../domain/catalogue/catalogue-cache';
import type { GroupDirectory } from '../../domain/groups/group-directory';
import type { BreakerRegistry } from '../../domain/routing/circuit-breaker';
import type { ChannelDirectory } from '../../domain/routing/channel-directory';
import type { KeyVerifier } from '../../domain/tokens/key-verifier';
import type { TokenLastUsedRecorder } from '../../domain/tokens/token-last-used';
import type { UsageLogSink } from '../../domain/usage/usage-log.types';
import type { Logger } from '../../lib/logger';
import type { UpstreamClient } from '../upstream/upstream-client';

/** Everything the /v1 handlers use; all of it in memory except billing's two statements. */
export interface GatewayDeps {
  config: Pick<Config, 'bodyLimitBytes' | 'corsOrigins' | 'routing' | 'gateway'>;
  logger: Logger;
  keys: KeyVerifier;
  tokenLastUsed: TokenLastUsedRecorder;
  catalogue: CatalogueCache;
  groups: GroupDirectory;
  channels: ChannelDirectory;
  breakers: BreakerRegistry;
  upstream: UpstreamClient;
  billing: Billing;
  usageLog: UsageLogSink;
  disableChannel(channelId: number, reason: string): void;
}
