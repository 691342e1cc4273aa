import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * One way a person can get into their account. Passkeys (and any other method) add their own
 * kind here and a query in `waysIn`; every removal of a sign-in method asks `leavesWayIn` first.
 */
export type WayIn =
  | { kind: 'PASSWORD' }
  | { kind: 'PROVIDER'; providerId: number };

/**
 * The ways in the account has now. A provider link counts only while its provider is enabled: a
 * link to a provider the operator switched off lets nobody in.
 */
export async function waysIn(em: EntityManager, userId: number): Promise<WayIn[]> {
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const password = await hasPassword(em, userId);
  const providers = await connection.execute<Array<{ provider_id: number }>>(
    `select i.provider_id from user_identities i join sign_in_providers p on p.id = i.provider_id
      where i.user_id = ? and p.enabled`, [userId], 'all', ctx,
  );
  return [
    ...(password ? [{ kind: 'PASSWORD' as const }] : []),
    ...providers.map((r) => ({ kind: 'PROVIDER' as const, providerId: r.provider_id })),
  ];
}

/** Whether the account has a password (an account made by a sign-in provider may have none). */
export async function hasPassword(em: EntityManager, userId: number): Promise<boolean> {
  const [user] = await em.getConnection().execute<Array<{ has_password: boolean }>>(
    'select password_hash is not null as has_password from users where id = ?', [userId], 'all', em.getTransactionContext(),
  );
  return user?.has_password === true;
}

/** Whether the account still has a way in once `removing` is gone. */
export function leavesWayIn(ways: readonly WayIn[], removing: WayIn): boolean {
  return ways.some((way) => !sameWayIn(way, removing));
}

function sameWayIn(a: WayIn, b: WayIn): boolean {
  if (a.kind === 'PROVIDER' && b.kind === 'PROVIDER') return a.providerId === b.providerId;
  return a.kind === b.kind;
}
