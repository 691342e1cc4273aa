import { Group, Token } from '../../../src/db/entities';
import { generateApiKey } from '../../../src/lib/key-material';
import { TokensWithOwnersDocument } from '../../generated/graphql';
import { gqlData, signUp } from '../../support/graphql-client';
import { selectRecorder } from '../../support/query-recorder';
import { startTestApp, type TestApp } from '../../support/test-app';

let app: TestApp;
let owner: { session: string; userId: number };
let recordSelects: ReturnType<typeof selectRecorder>;

beforeAll(async () => {
  app = await startTestApp();
  owner = await signUp(app, 'many-tokens@loader.test');
  const em = app.em();
  const groups = [
    em.create(Group, { name: 'loader-a', open: true }),
    em.create(Group, { name: 'loader-b', open: true }),
    await em.findOneOrFail(Group, { name: 'default' }),
  ];
  for (let i = 0; i < 60; i++) {
    const key = generateApiKey();
    em.create(Token, { user: owner.userId, group: groups[i % 3]!, name: `t${i}`, keyHash: key.hash, displayPrefix: key.displayPrefix });
  }
  await em.flush();

  recordSelects = selectRecorder(app);
});
afterAll(() => app.close());

async function countSelects(first: number): Promise<{ queries: string[]; rows: number }> {
  const { result: data, selects: queries } = await recordSelects(() => gqlData(app, TokensWithOwnersDocument, { first }, owner.session));
  for (const { node } of data.tokens.edges) {
    expect(node.group.name).toMatch(/^(loader-a|loader-b|default)$/);
    expect(node.user.email).toBe('many-tokens@loader.test');
  }
  return { queries, rows: data.tokens.edges.length };
}

it('loads a page of 50 tokens with their groups and owners in a constant number of queries', async () => {
  const small = await countSelects(2);
  const large = await countSelects(50);
  expect(small.rows).toBe(2);
  expect(large.rows).toBe(50);
  // session lookup, the token page, one batch of groups, one batch of users
  expect(large.queries).toHaveLength(4);
  expect(large.queries.length).toBe(small.queries.length);
  expect(large.queries.filter((q) => /from "groups"/.test(q))).toHaveLength(1);
  expect(large.queries.filter((q) => /from "users"/.test(q))).toHaveLength(1);
});
