import { User, type IUser } from '../db/entities';
import { checkIn, checkInStatus, type CheckInStatus } from '../domain/quota/check-in.service';
import { builder } from './builder';
import { EmailNotVerifiedError, requireVerifiedViewer } from './email-verification.schema';
import { DomainError, ErrorInterface } from './errors.schema';
import { UserRef } from './user.schema';

export class AlreadyCheckedInError extends DomainError {
  readonly code = 'ALREADY_CHECKED_IN';
  constructor(readonly day: string, readonly nextCheckInAt: Date) {
    super(`Already checked in on ${day}.`);
    this.name = 'AlreadyCheckedInError';
  }
}

builder.objectType(AlreadyCheckedInError, {
  name: 'AlreadyCheckedInError',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof AlreadyCheckedInError,
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The calendar day (YYYY-MM-DD) in your time zone.' }),
    nextCheckInAt: t.expose('nextCheckInAt', { type: 'DateTime', description: 'When the next day starts in your time zone.' }),
  }),
});

const CheckInSuccess = builder
  .objectRef<{ day: string; amount: bigint; nextCheckInAt: Date; user: IUser }>('CheckInSuccess')
  .implement({
    fields: (t) => ({
      day: t.exposeString('day', { description: 'The calendar day (YYYY-MM-DD) in your time zone.' }),
      amount: t.field({ type: 'BigInt', description: 'Quota added.', resolve: (r) => r.amount }),
      nextCheckInAt: t.expose('nextCheckInAt', { type: 'DateTime' }),
      user: t.field({ type: UserRef, description: 'You, with the new balances.', resolve: (r) => r.user }),
    }),
  });

const CheckInStatusRef = builder.objectRef<CheckInStatus>('CheckInStatus').implement({
  fields: (t) => ({
    checkedInToday: t.exposeBoolean('checkedInToday'),
    day: t.exposeString('day', { description: 'Today (YYYY-MM-DD) in your time zone.' }),
    timezone: t.exposeString('timezone', { description: 'Your time zone, or the configured default.' }),
    nextCheckInAt: t.expose('nextCheckInAt', { type: 'DateTime', description: 'When the next day starts in that time zone.' }),
    streak: t.exposeInt('streak', { description: 'Consecutive days checked in, up to today (or yesterday).' }),
  }),
});

builder.mutationField('checkIn', (t) =>
  t.field({
    type: CheckInSuccess,
    description: 'Adds the daily check-in quota, once per calendar day in your time zone.',
    authScopes: { user: true },
    errors: { types: [AlreadyCheckedInError, EmailNotVerifiedError], directResult: true, union: { name: 'CheckInResult' } },
    resolve: async (_root, _args, ctx) => {
      await requireVerifiedViewer(ctx);
      const { checkInAmount, defaultTimezone } = ctx.services.settings.current();
      const result = await checkIn(ctx.em, ctx.viewer!.id, { amount: checkInAmount, defaultTimezone }, ctx.services.clock.now());
      if (!result.ok) {
        if (result.reason === 'ALREADY_CHECKED_IN') throw new AlreadyCheckedInError(result.day, result.nextCheckInAt);
        throw new Error('signed-in user vanished');
      }
      const user = await ctx.em.findOneOrFail(User, ctx.viewer!.id, { refresh: true });
      return { day: result.day, amount: result.amount, nextCheckInAt: result.nextCheckInAt, user };
    },
  }),
);

builder.queryField('checkInStatus', (t) =>
  t.field({
    type: CheckInStatusRef,
    description: 'Whether you checked in today and when the next day starts.',
    authScopes: { user: true },
    resolve: (_root, _args, ctx) =>
      checkInStatus(ctx.em, ctx.viewer!.id, ctx.services.settings.current().defaultTimezone, ctx.services.clock.now()),
  }),
);
