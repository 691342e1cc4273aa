import type { Dictionary } from './en';
import { shellZhCN } from './zh-CN/shell';
import { accountZhCN } from './zh-CN/account';
import { userPagesZhCN } from './zh-CN/user-pages';
import { adminOperationsZhCN } from './zh-CN/admin-operations';
import { adminChannelsZhCN } from './zh-CN/admin-channels';
import { adminCatalogueZhCN } from './zh-CN/admin-catalogue';
import { adminSettingsZhCN } from './zh-CN/admin-settings';

/** 简体中文，按控制台区域分在 zh-CN/ 下，与 en/ 一一对应。键与 en.ts 一致（由类型检查保证）。 */
export const zhCN: Dictionary = {
  ...shellZhCN,
  ...accountZhCN,
  ...userPagesZhCN,
  admin: { ...adminOperationsZhCN, ...adminChannelsZhCN, ...adminCatalogueZhCN },
  ...adminSettingsZhCN,
};
