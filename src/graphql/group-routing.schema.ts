import { ROUTING_POLICIES } from '../db/entities';
import { setGroupRoutingPolicy } from '../domain/groups/group-admin.service';
import { builder } from './builder';
import { InputValidationError, NotFoundError } from './errors.schema';
import { GroupRef } from './groups.schema';
import { unwrap } from './outcome';

const RoutingPolicyEnum = builder.enumType('RoutingPolicy', {
  values: ROUTING_POLICIES,
  description:
    'PRIORITY: highest priority first, weights within it. CHEAPEST: the lowest cost basis for the model among the healthy channels, weights within a tie. ' +
    'BALANCED: priority first, and within a priority each weight scaled by how cheap the channel is (a channel twice as dear gets half its share).',
});

builder.objectFields(GroupRef, (t) => ({
  routingPolicy: t.field({ type: RoutingPolicyEnum, authScopes: { admin: true }, nullable: true, description: 'Admins only.', resolve: (g) => g.routingPolicy }),
}));

builder.mutationFields((t) => ({
  setGroupRoutingPolicy: t.field({
    type: GroupRef,
    description: 'How the group\'s channels are chosen for its requests.',
    authScopes: { admin: true },
    args: { name: t.arg.string({ required: true }), policy: t.arg({ type: RoutingPolicyEnum, required: true }) },
    errors: { types: [InputValidationError, NotFoundError], directResult: true, union: { name: 'SetGroupRoutingPolicyResult' } },
    resolve: async (_root, { name, policy }, ctx) => unwrap(await setGroupRoutingPolicy({ em: ctx.em, changeBus: ctx.services.changeBus }, name, policy)),
  }),
}));
