import { MikroORM } from '@mikro-orm/postgresql';
import { CatalogueModel, Group, LedgerEntry, Package, User, Vendor } from '../../../src/db/entities';
import { pricesInEffect, setModelPrice } from '../../../src/domain/catalogue/model-prices';
import { LocalChangeBus } from '../../../src/lib/change-bus';
import { ormOptions } from '../../../src/db/orm-options';
import { seed } from '../../../src/domain/seed/seed';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let database: TestDatabase;
let orm: MikroORM;
beforeAll(async () => {
  database = await createTestDatabase();
  orm = await MikroORM.init(ormOptions({ clientUrl: database.url, poolMax: 4 }));
});
afterAll(async () => {
  await orm.close(true);
  await database.drop();
});

const options = { adminEmail: 'Boss@Example.com', adminPassword: undefined, signupGrant: 1000n };

async function counts() {
  const em = orm.em.fork();
  return {
    groups: await em.count(Group),
    vendors: await em.count(Vendor),
    models: await em.count(CatalogueModel),
    packages: await em.count(Package),
    users: await em.count(User),
    ledger: await em.count(LedgerEntry),
  };
}

describe('seed', () => {
  it('creates the starter data once and is a no-op on every later start', async () => {
    const first = await seed(orm.em.fork(), options);
    expect(first.adminCreated).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    const afterFirst = await counts();

    const second = await seed(orm.em.fork(), options);
    expect(second).toEqual({ adminId: first.adminId, adminCreated: false, generatedAdminPassword: undefined });
    expect(await counts()).toEqual(afterFirst);
  });

  it('seeds what the product needs: auto and default groups, several vendors, both tiers and every model type, the weekly package', async () => {
    const em = orm.em.fork();
    const auto = await em.findOneOrFail(Group, { name: 'auto' });
    expect(auto.open).toBe(true);
    expect(await em.findOne(Group, { name: 'default' })).not.toBeNull();
    expect(await em.count(Vendor)).toBeGreaterThanOrEqual(5);
    const models = await em.find(CatalogueModel, {});
    expect(new Set(models.map((m) => m.tier))).toEqual(new Set(['FREE', 'SVIP']));
    expect(new Set(models.map((m) => m.type))).toEqual(new Set(['CHAT', 'REASONING', 'SPEECH_TO_TEXT', 'EMBEDDING', 'IMAGE', 'TEXT_TO_SPEECH', 'MODERATION', 'RERANK', 'REALTIME']));
    expect(models.find((m) => m.modelId === 'gemini-2.5-flash-lite')).toMatchObject({ tier: 'FREE', series: 'gemini-2.5' });
    const weekly = await em.findOneOrFail(Package, { name: 'SVIP Weekly' });
    expect(weekly).toMatchObject({ priceMinor: 1998, currency: 'CNY', durationDays: 7, unlocksTiers: ['SVIP'] });
  });

  it('creates the admin with a lower-cased email, an argon2id hash and a signup grant on the ledger', async () => {
    const em = orm.em.fork();
    const admin = await em.findOneOrFail(User, { email: 'boss@example.com' }, { populate: ['passwordHash'] });
    expect(admin.role).toBe('ADMIN');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin.freeQuota).toBe(1000n);
    const ledger = await em.find(LedgerEntry, { user: admin.id });
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([['SIGNUP_GRANT', 1000n]]);
  });

  it('keeps what an operator changed', async () => {
    const em = orm.em.fork();
    const model = await em.findOneOrFail(CatalogueModel, { modelId: 'gpt-4o-mini' });
    model.description = 'changed by the operator';
    await em.flush();
    const priced = await setModelPrice({ em, changeBus: new LocalChangeBus(), actorId: 1 }, 'gpt-4o-mini', { inputPrice: 1n }, {});
    expect(priced.ok).toBe(true);
    await seed(orm.em.fork(), options);
    const after = orm.em.fork();
    const reread = await after.findOneOrFail(CatalogueModel, { modelId: 'gpt-4o-mini' });
    expect(reread.description).toBe('changed by the operator');
    expect((await pricesInEffect(after, [reread.id], new Date())).get(reread.id)?.inputPrice).toBe(1n);
  });

  it('never promotes or re-enables the ADMIN_EMAIL account after another admin demoted or disabled it', async () => {
    const em = orm.em.fork();
    const admin = await em.findOneOrFail(User, { email: 'boss@example.com' });
    admin.role = 'USER';
    admin.status = 'DISABLED';
    await em.flush();
    const again = await seed(orm.em.fork(), options);
    expect(again).toEqual({ adminId: admin.id, adminCreated: false, generatedAdminPassword: undefined });
    const reread = await orm.em.fork().findOneOrFail(User, { email: 'boss@example.com' });
    expect([reread.role, reread.status]).toEqual(['USER', 'DISABLED']);
    expect(await orm.em.fork().count(User, { email: 'boss@example.com' })).toBe(1);
    await orm.em.fork().nativeUpdate(User, { id: admin.id }, { role: 'ADMIN', status: 'ACTIVE' });
  });

  it('moves untouched starter models to a changed starter list price as a new version, never one an admin priced', async () => {
    const em = orm.em.fork();
    const [untouched, priced] = await em.find(CatalogueModel, { modelId: { $in: ['claude-haiku-4-5', 'gpt-4o-mini'] } }, { orderBy: { modelId: 'asc' } });
    // As if an older release had seeded claude-haiku-4-5 at another list price and without modalities.
    await em.getConnection().execute(
      `update model_prices set input_price = 1 where model_id = ${untouched!.id}; update catalogue_models set input_modalities = '{TEXT}' where id = ${untouched!.id}`,
    );
    const before = await pricesInEffect(orm.em.fork(), [untouched!.id, priced!.id], new Date());
    await seed(orm.em.fork(), options);
    const after = await pricesInEffect(orm.em.fork(), [untouched!.id, priced!.id], new Date());
    expect(before.get(untouched!.id)!.inputPrice).toBe(1n);
    expect(after.get(untouched!.id)).toMatchObject({ inputPrice: 500_000n, kind: 'SET', memo: 'starter catalogue update' });
    expect((await orm.em.fork().findOneOrFail(CatalogueModel, untouched!.id)).inputModalities).toEqual(['TEXT', 'IMAGE']);
    expect(after.get(priced!.id)!.id).toBe(before.get(priced!.id)!.id);
    await seed(orm.em.fork(), options);
    expect((await pricesInEffect(orm.em.fork(), [untouched!.id], new Date())).get(untouched!.id)!.id).toBe(after.get(untouched!.id)!.id);
  });
});
