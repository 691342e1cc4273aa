import { shellEn } from './en/shell';
import { accountEn } from './en/account';
import { userPagesEn } from './en/user-pages';
import { adminOperationsEn } from './en/admin-operations';
import { adminChannelsEn } from './en/admin-channels';
import { adminCatalogueEn } from './en/admin-catalogue';
import { adminSettingsEn } from './en/admin-settings';
import type { TranslationOf } from './translation-of';

/**
 * English strings, one file per console area under en/. zh-CN.ts is put together the same way
 * and typed as a Dictionary, so neither language can miss a key.
 */
export const en = {
  ...shellEn,
  ...accountEn,
  ...userPagesEn,
  admin: { ...adminOperationsEn, ...adminChannelsEn, ...adminCatalogueEn },
  ...adminSettingsEn,
};

export type Dictionary = TranslationOf<typeof en>;
