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
  const report: ResealReport = { checked: rows.length, resealed: 0, unreadable: [] };
  for (const row of rows) {
    if (!box.needsReseal(row.secret_ciphertext)) continue;
    const context = channelSecretContext(Number(row.channel_id));
    let plaintext: string;
    try {
      plaintext = box.open(row.secret_ciphertext, context);
    } catch {
      report.unreadable.push(Number(row.id));
      continue;
    }
    const updated = await em.getConnection().execute(
      'update channel_keys set secret_ciphertext = ? where id = ? and secret_ciphertext = ?',
      [box.seal(plaintext, context), row.id, row.secret_ciphertext],
      'run',
    );
    if ((updated as { affectedRows?: number }).affectedRows !== 0) report.resealed++;
  }
  return report;
}
