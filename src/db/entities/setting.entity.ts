import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One runtime setting (src/domain/settings): a row per key, so a setting added in a later release
 * is seeded from its environment variable while the ones an admin already changed stay as they are.
 * The value is the setting's canonical text (decimal for quota units, `true`/`false`, a zone name).
 */
export const Setting = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.string().length(64).primary(),
    value: p.text(),
    /** The admin who last changed it; null while it still holds the seeded value. */
    updatedBy: p.integer().nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type ISetting = InferEntity<typeof Setting>;
