import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, calendarDay, isValidTimeZone, startOfNextDay } from './calendar-day';

export interface CheckInSettings {
  amount: bigint;
  /** Used when the user has no time zone of their own. */
  defaultTimezone: string;
}

export type CheckInResult =
  | { ok: true; day: string; amount: bigint; balanceAfter: bigint; nextCheckInAt: Date }
  | { ok: false; reason: 'ALREADY_CHECKED_IN'; day: string; nextCheckInAt: Date }
  | { ok: false; reason: 'USER_NOT_FOUND' };

export interface CheckInStatus {
  checkedInToday: boolean;
  day: string;
  timezone: string;
  nextCheckInAt: Date;
  /** Consecutive days up to today (or up to yesterday while today is still open). */
  streak: number;
}

async function userTimezone(em: EntityManager, userId: number, fallback: string): Promise<string | null> {
  const rows = await em.execute<{ timezone: string | null }[]>('select timezone from users where id = ?', [userId]);
  if (!rows[0]) return null;
  const tz = rows[0].timezone;
  // A zone that stopped being valid (or was stored by hand) must not lock the user out of check-in.
  return tz && isValidTimeZone(tz) ? tz : fallback;
}

/**
 * One statement: the check_ins insert (unique per user and day) gates the balance update and
 * the ledger row, so a second call on the same day - concurrent or not - changes nothing.
 */
export async function checkIn(em: EntityManager, userId: number, settings: CheckInSettings, now: Date): Promise<CheckInResult> {
  const timezone = await userTimezone(em, userId, settings.defaultTimezone);
  if (timezone === null) return { ok: false, reason: 'USER_NOT_FOUND' };
  const day = calendarDay(now, timezone);
  const nextCheckInAt = startOfNextDay(now, timezone);
  const amount = settings.amount.toString();
  const rows = await em.execute<{ balance_after: string }[]>(
    `with c as (
       insert into check_ins (user_id, day, amount, created_at) values (?, ?, ?, now())
       on conflict (user_id, day) do nothing
       returning id
     ), u as (
       update users set free_quota = free_quota + ?, updated_at = now()
        where id = ? and exists (select 1 from c)
       returning free_quota
     )
     insert into ledger_entries (user_id, bucket, amount, balance_after, kind, reference, memo, created_at)
     select ?, 'FREE', ?, u.free_quota, 'CHECK_IN', ?, null, now() from u
     returning balance_after`,
    [userId, day, amount, amount, userId, userId, amount, `check-in:${userId}:${day}`],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'ALREADY_CHECKED_IN', day, nextCheckInAt };
  return { ok: true, day, amount: settings.amount, balanceAfter: BigInt(row.balance_after), nextCheckInAt };
}

export async function checkInStatus(em: EntityManager, userId: number, defaultTimezone: string, now: Date): Promise<CheckInStatus> {
  const timezone = (await userTimezone(em, userId, defaultTimezone)) ?? defaultTimezone;
  const day = calendarDay(now, timezone);
  // Days come back as text so no driver or session time zone can shift them.
  const rows = await em.execute<{ day: string }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day from check_ins
      where user_id = ? and day <= ? and day > ?::date - 400
      order by day desc`,
    [userId, day, day],
  );
  const days = new Set(rows.map((r) => r.day));
  const checkedInToday = days.has(day);
  let streak = 0;
  for (let d = checkedInToday ? day : addDays(day, -1); days.has(d); d = addDays(d, -1)) streak++;
  return { checkedInToday, day, timezone, nextCheckInAt: startOfNextDay(now, timezone), streak };
}
