import { createPlaygroundKey, PLAYGROUND_KEY_MINUTES, PLAYGROUND_KEYS_LIVE } from '../domain/tokens/playground-key';
import { builder } from './builder';
import { EmailNotVerifiedError, requireVerifiedViewer } from './email-verification.schema';
import { InputValidationError } from './errors.schema';
import { failureToError } from './outcome';
import { CreateTokenSuccess, GroupNotAllowedError } from './tokens.schema';

builder.mutationFields((t) => ({
  createPlaygroundKey: t.field({
    type: CreateTokenSuccess,
    description: `A key for the console playground that expires after ${PLAYGROUND_KEY_MINUTES} minutes (revoke it with revokeToken when done; logout revokes it too). A user holds at most ${PLAYGROUND_KEYS_LIVE} live: making another revokes the oldest. The response carries the plaintext key, once.`,
    authScopes: { user: true },
    errors: { types: [GroupNotAllowedError, InputValidationError, EmailNotVerifiedError], directResult: true, union: { name: 'CreatePlaygroundKeyResult' } },
    resolve: async (_root, _args, ctx) => {
      await requireVerifiedViewer(ctx);
      const result = await createPlaygroundKey({ em: ctx.em, changeBus: ctx.services.changeBus, ceilings: ctx.services.settings.current() }, ctx.viewer!.id);
      if (result.ok) return result.value;
      if (result.reason === 'GROUP_NOT_ALLOWED') throw new GroupNotAllowedError(result.group);
      throw failureToError(result);
    },
  }),
}));
