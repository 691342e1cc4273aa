import type { CatalogueEntry } from '../../domain/catalogue/catalogue.types';
import type { RouteGroup } from '../../domain/groups/group.types';
import type { ChannelSnapshot } from '../../domain/routing/channel.types';
import type { ChannelProtocol } from '../../lib/channel-protocol';
import type { ImageRule } from './input-inventory';

// The vendors whose models count image tokens by a rule the gateway knows, by catalogue vendor
// slug. Their models read an image the same way whichever wire carries it to them (a relay
// speaking OpenAI's protocol still hands a Claude model's image to Anthropic).
const VENDOR_RULES: Readonly<Record<string, ChannelProtocol>> = { openai: 'OPENAI', anthropic: 'ANTHROPIC', google: 'GEMINI' };

/** The protocols of the enabled channels that serve `modelId` in any group of `route`. */
export function servingProtocols(snapshot: ChannelSnapshot, modelId: string, route: readonly RouteGroup[]): Set<ChannelProtocol> {
  const protocols = new Set<ChannelProtocol>();
  const byGroup = snapshot.byModelGroup.get(modelId);
  for (const group of route) for (const channel of byGroup?.get(group.name) ?? []) protocols.add(channel.protocol);
  return protocols;
}

/**
 * How a request's images are held, decided before routing picks a channel: by the rule of the
 * model's vendor when the catalogue knows it, else by the one protocol every channel that may
 * serve it speaks; only a model of another vendor that channels of different protocols serve is
 * held at the dearest of the three rules. Holding by the right rule keeps an image from holding
 * twice what it costs (Anthropic's w*h/750 against OpenAI's tiles); the charge follows the
 * upstream's report either way.
 */
export function imageRuleFor(model: Pick<CatalogueEntry, 'vendorSlug'>, protocols: ReadonlySet<ChannelProtocol>): ImageRule {
  const byVendor = VENDOR_RULES[model.vendorSlug];
  if (byVendor) return byVendor;
  if (protocols.size === 1) return [...protocols][0]!;
  return 'DEAREST';
}
