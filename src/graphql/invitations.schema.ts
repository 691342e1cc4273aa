import { inviteCodeOf } from '../domain/invitations/invite-code';
import { invitationTally, topInviters, type InvitationTally, type InviterStanding } from '../domain/invitations/invitation-stats';
import { builder } from './builder';
import { UserRef } from './user.schema';

interface MyInvitation extends InvitationTally {
  code: string;
}

const InvitationRef = builder.objectRef<MyInvitation>('Invitation').implement({
  description:
    'The viewer\'s invitation: people who sign up through a link carrying `code` (the console\'s `/sign-up?invite=<code>`) are recorded as invited by the viewer.',
  fields: (t) => ({
    code: t.exposeString('code'),
    joined: t.exposeInt('joined', { description: 'People who signed up through the link.' }),
    verified: t.exposeInt('verified', { description: 'Of them, how many confirmed their e-mail address.' }),
    rewardsEarned: t.field({
      type: 'BigInt',
      description: 'Free quota earned through invitations (INVITE_* ledger rows), net of commissions taken back by refunds.',
      resolve: (i) => i.rewardsEarned,
    }),
  }),
});

const InviterStandingRef = builder.objectRef<InviterStanding>('InviterStanding').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (s) => s.userId }),
    joined: t.exposeInt('joined'),
    verified: t.exposeInt('verified'),
    rewardsEarned: t.field({ type: 'BigInt', resolve: (s) => s.rewardsEarned }),
  }),
});

builder.queryFields((t) => ({
  myInvitation: t.field({
    type: InvitationRef,
    description: 'The viewer\'s invitation code and what it brought. Reward rules are in `settings` (invitationRewardsEnabled, inviteVerifiedReward, inviteCommissionPercent).',
    authScopes: { user: true },
    resolve: async (_root, _args, ctx) => {
      const userId = ctx.viewer!.id;
      const code = await inviteCodeOf(ctx.em, userId);
      return { code, ...(await invitationTally(ctx.em, userId)) };
    },
  }),
  topInviters: t.field({
    type: [InviterStandingRef],
    description: 'Admin: the users whose invitations brought the most people, most first.',
    authScopes: { admin: true },
    args: { limit: t.arg.int({ defaultValue: 20, description: 'How many; held between 1 and 100.' }) },
    resolve: (_root, { limit }, ctx) => topInviters(ctx.em, Math.min(100, Math.max(1, limit ?? 20))),
  }),
}));
