import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What a sign-in still needs after its first factor (a password or a sign-in provider) succeeded.
 * Today nothing: two-factor authentication extends this with a step the session waits for.
 */
export type SecondStep = { required: false };

/**
 * The single hook point between a successful first factor and the session: every sign-in path
 * (provider hand-off today) asks here before it issues a session. Two-factor authentication
 * answers "required" (with what it needs) for users who turned it on.
 */
export async function secondStepFor(_em: EntityManager, _userId: number): Promise<SecondStep> {
  return { required: false };
}
