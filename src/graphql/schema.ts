import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
import './errors.schema';
import './catalogue.schema';
import './user.schema';
import './accounts.schema';
import './catalogue-admin.schema';
import './catalogue-inputs.schema';
import './model-fallbacks.schema';
import './catalogue-prices.schema';
import './catalogue-group-prices.schema';
import './groups.schema';
import './tokens.schema';
import './channels.schema';
import './channel-keys.schema';
import './channel-overrides.schema';
import './channel-import.schema';
import './channel-discovery.schema';
import './channel-health.schema';
import './admin-users.schema';
import './admin-lifecycle.schema';
import './packages.schema';
import './subscriptions.schema';
import './quota.schema';
import './check-in.schema';
import './orders.schema';
import './payment-errors.schema';
import './payments.schema';
import './redemption.schema';
import './usage.schema';
import './settings.schema';
import './email-verification.schema';
import './user-timezone.schema';

export function buildSchema(): GraphQLSchema {
  return builder.toSchema({ sortSchema: true });
}
