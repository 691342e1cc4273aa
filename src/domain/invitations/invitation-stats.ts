import type { EntityManager } from '@mikro-orm/postgresql';

/** What one inviter's invitations brought: people who signed up, of them verified, and quota earned (net of reversals). */
export interface InvitationTally {
  joined: number;
  verified: number;
  rewardsEarned: bigint;
}

export interface InviterStanding extends InvitationTally {
  userId: number;
}

const REWARD_KINDS = `('INVITE_REWARD', 'INVITE_COMMISSION', 'INVITE_COMMISSION_REVERSAL')`;

export async function invitationTally(em: EntityManager, userId: number): Promise<InvitationTally> {
  const [people] = await em.execute<{ joined: string; verified: string }[]>(
    `select count(*) as joined, count(email_verified_at) as verified from users where invited_by_id = ? and deleted_at is null`, [userId],
  );
  const [earned] = await em.execute<{ total: string | null }[]>(
    `select sum(amount) as total from ledger_entries where user_id = ? and kind in ${REWARD_KINDS}`, [userId],
  );
  return { joined: Number(people?.joined ?? 0), verified: Number(people?.verified ?? 0), rewardsEarned: BigInt(earned?.total ?? '0') };
}

/**
 * The users whose invitations brought the most people, most first (ties: most earned, then the
 * older account). Deleted invitees still count: they did join.
 */
export async function topInviters(em: EntityManager, limit: number): Promise<InviterStanding[]> {
  const rows = await em.execute<{ user_id: number; joined: string; verified: string; earned: string | null }[]>(
    `select i.invited_by_id as user_id, count(*) as joined, count(i.email_verified_at) as verified,
            (select sum(l.amount) from ledger_entries l where l.user_id = i.invited_by_id and l.kind in ${REWARD_KINDS}) as earned
       from users i
      where i.invited_by_id is not null
      group by i.invited_by_id
      order by count(*) desc, earned desc nulls last, i.invited_by_id asc
      limit ?`,
    [limit],
  );
  return rows.map((r) => ({ userId: r.user_id, joined: Number(r.joined), verified: Number(r.verified), rewardsEarned: BigInt(r.earned ?? '0') }));
}
