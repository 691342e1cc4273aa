import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

/** One of a user's single-use backup codes, stored as a SHA-256 (bound to the user); shown once. */
export const BackupCode = defineEntity({
  name: 'BackupCode',
  tableName: 'backup_codes',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).index(),
    codeHash: p.character().length(64).unique(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type IBackupCode = InferEntity<typeof BackupCode>;
