import type { EntityManager } from '@mikro-orm/postgresql';
import { totpSecretContext, type SecretBox } from '../../../lib/secret-box';
import { resealEnvelopes, type ResealReport } from '../../channels/reseal-secrets';

/**
 * Re-seals every authenticator-app secret not under the current SECRET_KEY, like the channel keys
 * (`npm run reseal-secrets` does both). `unreadable` lists user ids.
 */
export async function resealTotpSecrets(em: EntityManager, box: SecretBox): Promise<ResealReport> {
  const rows = await em.getConnection().execute<{ user_id: number; secret_ciphertext: string }[]>(
    'select user_id, secret_ciphertext from user_totp order by user_id',
  );
  return resealEnvelopes(
    em, box,
    rows.map((r) => ({ id: Number(r.user_id), envelope: r.secret_ciphertext, context: totpSecretContext(Number(r.user_id)) })),
    'update user_totp set secret_ciphertext = ? where user_id = ? and secret_ciphertext = ?',
  );
}
