import type { EntityManager } from '@mikro-orm/postgresql';
import { channelSecretContext, type SecretBox } from '../../lib/secret-box';

export interface ResealReport {
  checked: number;
  resealed: number;
  /** Channels whose secret no configured key opens (their ids); left as they are. */
  unreadable: number[];
}

/**
 * Re-seals every channel secret that is not under the current key and format, one row at a
 * time (a conditional update, so a secret an admin replaced meanwhile is not overwritten). Run
 * with SECRET_KEY set to the new key and SECRET_KEY_PREVIOUS to the old ones; afterwards the old
 * keys are no longer needed.
 */
export async function resealChannelSecrets(em: EntityManager, box: SecretBox): Promise<ResealReport> {
  const rows = await em.getConnection().execute<{ id: number; secret_ciphertext: string }[]>(
    'select id, secret_ciphertext from channels where secret_ciphertext is not null order by id',
  );
  const report: ResealReport = { checked: rows.length, resealed: 0, unreadable: [] };
  for (const row of rows) {
    if (!box.needsReseal(row.secret_ciphertext)) continue;
    const context = channelSecretContext(Number(row.id));
    let plaintext: string;
    try {
      plaintext = box.open(row.secret_ciphertext, context);
    } catch {
      report.unreadable.push(Number(row.id));
      continue;
    }
    const updated = await em.getConnection().execute(
      'update channels set secret_ciphertext = ? where id = ? and secret_ciphertext = ?',
      [box.seal(plaintext, context), row.id, row.secret_ciphertext],
      'run',
    );
    if ((updated as { affectedRows?: number }).affectedRows !== 0) report.resealed++;
  }
  return report;
}
