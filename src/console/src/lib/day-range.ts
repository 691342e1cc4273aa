/** Day inputs (YYYY-MM-DD, in the viewer's zone) to a filter's [from, to) instants; `to` includes its whole day. */
export function dayRange(fromDay: string, toDay: string): { from: string | null; to: string | null } {
  const from = fromDay ? new Date(`${fromDay}T00:00:00`) : null;
  const to = toDay ? new Date(new Date(`${toDay}T00:00:00`).getTime() + 86_400_000) : null;
  return { from: from?.toISOString() ?? null, to: to?.toISOString() ?? null };
}
