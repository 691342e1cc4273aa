import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.entity';

export const CheckIn = defineEntity({
  name: 'CheckIn',
  tableName: 'check_ins',
  // The database, not the service, guarantees one check-in per user and calendar day.
  uniques: [{ properties: ['user', 'day'] }],
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User),
    /** Calendar day in the user's timezone, `YYYY-MM-DD`. */
    day: p.date(),
    amount: p.bigint(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ICheckIn = InferEntity<typeof CheckIn>;
