import type { EntityManager } from '@mikro-orm/postgresql';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';

export interface ResealReport {
  checked: number;
  resealed: number;
  /** Channel keys (channel_keys ids) that no configured key opens; left as they are. */
  unreadable: number[];
}

/**
 * Re-seals every channel key (of one channel, or of all) that is not under the current key and
 * format, one row at a time (a conditional update, so a key an admin replaced meanwhile is not
 * overwritten). Run with SECRET_KEY set to the new key and SECRET_KEY_PREVIOUS to the old ones;
 * afterwards the old keys are no longer needed.
 */
export async function resealChannelSecrets(em: EntityManager, box: SecretBox, channelId?: number): Promise<ResealReport> {
  const rows = await em.getConnection().execute<{ id: number; channel_id: number; secret_ciphertext: string }[]>(
    `select id, channel_id, secret_ciphertext from channel_keys ${channelId === undefined ? '' : 'where channel_id = ?'} order by id`,
    channelId === undefined ? [] : [channelId],
  );
  return resealEnvelopes(
    em, box,
    rows.map((r) => ({ id: Number(r.id), envelope: r.secret_ciphertext, context: channelSecretContext(Number(r.channel_id)) })),
    'update channel_keys set secret_ciphertext = ? where id = ? and secret_ciphertext = ?',
  );
}

/**
 * Re-seals each envelope not under the current key and format with `update` (new envelope, id,
 * old envelope: a conditional update, so a secret replaced meanwhile is not overwritten). Shared
 * by every table that keeps sealed secrets.
 */
export async function resealEnvelopes(
  em: EntityManager, box: SecretBox, rows: ReadonlyArray<{ id: number; envelope: string; context: string }>, update: string,
): Promise<ResealReport> {
  const report: ResealReport = { checked: rows.length, resealed: 0, unreadable: [] };
  for (const row of rows) {
    if (!box.needsReseal(row.envelope)) continue;
    let plaintext: string;
    try {
      plaintext = box.open(row.envelope, row.context);
    } catch {
      report.unreadable.push(row.id);
      continue;
    }
    const updated = await em.getConnection().execute(update, [box.seal(plaintext, row.context), row.id, row.envelope], 'run');
    if ((updated as { affectedRows?: number }).affectedRows !== 0) report.resealed++;
  }
  return report;
}
