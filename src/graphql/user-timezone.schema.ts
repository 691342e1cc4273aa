import { User } from '../db/entities';
import { isValidTimeZone } from '../domain/quota/calendar-day';
import { builder } from './builder';
import { InputValidationError } from './errors.schema';
import { UserRef } from './user.schema';

builder.mutationField('setMyTimezone', (t) =>
  t.field({
    type: UserRef,
    description: 'Your IANA time zone (e.g. Asia/Shanghai): where your check-in day and usage days are cut. null: the configured default.',
    authScopes: { user: true },
    args: { timezone: t.arg.string({ required: false }) },
    errors: { types: [InputValidationError], directResult: true, union: { name: 'SetMyTimezoneResult' } },
    resolve: async (_root, { timezone }, ctx) => {
      const zone = timezone ?? null;
      if (zone !== null && (zone.length > 64 || !isValidTimeZone(zone))) throw new InputValidationError('timezone', 'unknown time zone; use an IANA name such as UTC or Europe/Berlin');
      await ctx.em.nativeUpdate(User, { id: ctx.viewer!.id }, { timezone: zone });
      return ctx.em.findOneOrFail(User, ctx.viewer!.id, { refresh: true });
    },
  }),
);
