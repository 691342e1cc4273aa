import { Vendor, type IVendor } from '../db/entities';
import { builder } from './builder';

export const VendorRef = builder.objectRef<IVendor>('Vendor').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
  }),
});

builder.queryField('vendors', (t) =>
  t.field({
    type: [VendorRef],
    description: 'Every vendor in the catalogue.',
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => ctx.em.find(Vendor, {}, { orderBy: { name: 'asc' } }),
  }),
);
