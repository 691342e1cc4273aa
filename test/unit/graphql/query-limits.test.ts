import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql';
import { queryLimitsRule, type QueryLimits } from '../../../src/graphql/use-query-limits';

// A schema with a cycle, so a document can nest as deep as it likes.
const schema = buildSchema(`
  type Person { name: String! friends: [Person!]! }
  type Query { me: Person! }
`);
const limits: QueryLimits = { maxDepth: 4, maxAliases: 3, maxFields: 20, maxTokens: 1000 };

function errors(query: string): string[] {
  return validate(schema, parse(query), [...specifiedRules, queryLimitsRule(limits)]).map((e) => e.message);
}

it('allows a document at the depth limit and refuses one level more, fragments included', () => {
  expect(errors('{ me { friends { friends { name } } } }')).toEqual([]);
  expect(errors('{ me { friends { friends { friends { name } } } } }')).toEqual(['Query depth 5 exceeds the maximum of 4.']);
  const viaFragments = `
    query { me { ...F } }
    fragment F on Person { friends { ...G } }
    fragment G on Person { friends { ... on Person { friends { name } } } }`;
  expect(errors(viaFragments)).toEqual(['Query depth 5 exceeds the maximum of 4.']);
});

it('counts aliases and expanded fields', () => {
  expect(errors('{ a: me { name } b: me { name } c: me { name } }')).toEqual([]);
  expect(errors('{ a: me { name } b: me { name } c: me { name } d: me { name } }')).toEqual(['Query uses more than 3 aliases.']);
  // Each spread of F expands to its fields again: 1 + 4 x (1 + 5) = 25 > 20.
  const fanOut = `
    { me { friends { ...F } friends { ...F } friends { ...F } friends { ...F } } }
    fragment F on Person { name friends { name } friends { name } }`;
  expect(errors(fanOut)).toEqual(['Query selects 25 fields; the maximum is 20.']);
});

it('does not count introspection, so GraphiQL can load the schema', () => {
  expect(validate(schema, parse(getIntrospectionQuery()), [queryLimitsRule(limits)])).toEqual([]);
});
