import type { ChangeEvent } from '../../../src/lib/change-bus';
import {
  AddGroupMemberDocument, AllGroupsDocument, CreateGroupDocument, CreateTokenDocument, GroupDocument, GroupsDocument,
  RemoveGroupMemberDocument, UpdateGroupDocument, type CreateGroupMutationVariables,
} from '../../generated/graphql';
import { adminSession, expectTypename, gql, gqlData, signUp } from '../../support/graphql-client';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let admin: string;
let user: { session: string; userId: number };
const events: ChangeEvent[] = [];

beforeAll(async () => {
  app = await startTestApp();
  admin = await adminSession(app);
  user = await signUp(app, 'member@groups.test');
  app.server.services.changeBus.subscribe((e) => events.push(e));
});
afterAll(() => app.close());

const names = (groups: ReadonlyArray<{ name: string }>) => groups.map((g) => g.name);

it('every user may use auto and the open groups', async () => {
  const { groups } = await gqlData(app, GroupsDocument, {}, user.session);
  expect(names(groups)).toEqual(['auto', 'default']);
  expect(groups[0]).toMatchObject({ open: true, priceMultiplier: '1.0000', permitsAllModels: true });
});

it('admins create closed groups with permissions; members see and use them, others do not', async () => {
  const created = await gqlData(app, CreateGroupDocument, {
    name: 'svip-pool',
    input: {
      description: 'Subscribers only', open: false, priceMultiplier: '0.85', permitsAllModels: false,
      permittedTiers: ['SVIP'], permittedVendors: ['anthropic'], permittedModels: ['gpt-4o-mini'], autoOrder: 5,
    },
  }, admin);
  expect(expectTypename(created.createGroup, 'Group')).toMatchObject({
    name: 'svip-pool', open: false, priceMultiplier: '0.8500', permittedTiers: ['SVIP'], permittedVendors: ['anthropic'], autoOrder: 5,
  });
  expect(events).toContainEqual({ topic: 'group', id: 'svip-pool' });

  expect(names((await gqlData(app, GroupsDocument, {}, user.session)).groups)).not.toContain('svip-pool');
  expect((await gqlData(app, GroupDocument, { name: 'svip-pool' }, user.session)).group).toBeNull();

  const added = await gqlData(app, AddGroupMemberDocument, { group: 'svip-pool', userId: String(user.userId) }, admin);
  expect(added.addGroupMember.__typename).toBe('Group');
  // Adding twice is harmless.
  await gqlData(app, AddGroupMemberDocument, { group: 'svip-pool', userId: String(user.userId) }, admin);
  expect(names((await gqlData(app, GroupsDocument, {}, user.session)).groups)).toEqual(['auto', 'svip-pool', 'default']);
  const token = await gqlData(app, CreateTokenDocument, { input: { name: 'k', group: 'svip-pool' } }, user.session);
  expect(token.createToken.__typename).toBe('CreateTokenSuccess');

  const all = await gqlData(app, AllGroupsDocument, {}, admin);
  expect(all.allGroups.find((g) => g.name === 'svip-pool')?.members?.map((m) => m.id)).toEqual([String(user.userId)]);

  await gqlData(app, RemoveGroupMemberDocument, { group: 'svip-pool', userId: String(user.userId) }, admin);
  expect(names((await gqlData(app, GroupsDocument, {}, user.session)).groups)).not.toContain('svip-pool');
});

it('validates names, multipliers and references, and keeps auto open', async () => {
  const cases: Array<[CreateGroupMutationVariables, string]> = [
    [{ name: 'Bad Name' }, 'InputValidationError'],
    [{ name: 'default' }, 'AlreadyExistsError'],
    [{ name: 'ok-name', input: { priceMultiplier: '1.23456' } }, 'InputValidationError'],
    [{ name: 'ok-name', input: { priceMultiplier: '-1' } }, 'InputValidationError'],
    [{ name: 'ok-name', input: { permittedVendors: ['nobody'] } }, 'InputValidationError'],
    [{ name: 'ok-name', input: { permittedModels: ['no-such-model'] } }, 'InputValidationError'],
  ];
  for (const [vars, typename] of cases) {
    expect((await gqlData(app, CreateGroupDocument, vars, admin)).createGroup.__typename).toBe(typename);
  }
  const closeAuto = await gqlData(app, UpdateGroupDocument, { name: 'auto', input: { open: false } }, admin);
  expect(closeAuto.updateGroup).toMatchObject({ __typename: 'InputValidationError', field: 'open' });
  const missing = await gqlData(app, UpdateGroupDocument, { name: 'nope', input: { open: true } }, admin);
  expect(missing.updateGroup.__typename).toBe('NotFoundError');
  const updated = await gqlData(app, UpdateGroupDocument, { name: 'default', input: { priceMultiplier: '1.5', description: 'x' } }, admin);
  expect(expectTypename(updated.updateGroup, 'Group')).toMatchObject({ name: 'default', priceMultiplier: '1.5000', description: 'x', open: true });
});

it('group administration is for admins only', async () => {
  for (const session of [undefined, user.session]) {
    const res = await gql(app, CreateGroupDocument, { name: 'sneaky' }, session);
    expect(res.errors?.[0]?.message).toMatch(/Not authorized/);
    expect((await gql(app, AllGroupsDocument, {}, session)).errors?.[0]?.message).toMatch(/Not authorized/);
  }
});
