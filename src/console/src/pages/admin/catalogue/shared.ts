import type { AdminCatalogueQuery } from '../../../../generated/graphql';

/** The admin catalogue query's cache key; the codes page shares it for the package list. */
export const CATALOGUE_QUERY_KEY = ['admin-catalogue'];
/** Everything a change to prices or models may alter: the admin list and the users' catalogue page. */
export const AFTER_CATALOGUE_CHANGE = [CATALOGUE_QUERY_KEY, ['catalogue']];

export type CatalogueData = AdminCatalogueQuery;
export type AdminModel = AdminCatalogueQuery['models'][number];
export type AdminGroup = AdminCatalogueQuery['allGroups'][number];
export type AdminPackage = AdminCatalogueQuery['packages'][number];
export type AdminVendor = AdminCatalogueQuery['vendors'][number];

export const MODEL_TYPES = ['CHAT', 'REASONING', 'EMBEDDING', 'SPEECH_TO_TEXT'] as const;
export const MODEL_TIERS = ['FREE', 'SVIP'] as const;
export const MODEL_STATUS_COLOR = { ACTIVE: 'green', DEPRECATED: 'orange', HIDDEN: 'gray' } as const;
export const ROUTING_POLICIES = ['PRIORITY', 'CHEAPEST', 'BALANCED'] as const;
