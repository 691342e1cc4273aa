import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql';
import { bracketNesting, DEFAULT_QUERY_LIMITS, queryLimitsRule, type QueryLimits } from '../../../src/graphql/use-query-limits';

// A schema with a cycle, so a document can nest as deep as it likes.
const schema = buildSchema(`
  type Person { name: String! friends: [Person!]! }
  type Query { me: Person! }
`);
const limits: QueryLimits = { maxDepth: 4, maxIntrospectionDepth: 6, maxAliases: 3, maxFields: 20, maxTokens: 1000, maxNesting: 50 };

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

it('counts __typename and introspection fields too (issue 12.14)', () => {
  expect(errors('{ me { friends { friends { __typename } } } }')).toEqual([]);
  expect(errors('{ me { friends { friends { friends { __typename } } } } }')).toEqual(['Query depth 5 exceeds the maximum of 4.']);
  expect(errors('{ __type(name: "Person") { fields { type { ofType { name } } } } }')).toEqual([]);
  expect(errors('{ __type(name: "Person") { fields { type { ofType { ofType { ofType { name } } } } } } }'))
    .toEqual(['Introspection depth 7 exceeds the maximum of 6.']);
  // Introspection nested below an ordinary field is measured from where it starts.
  expect(errors('{ me { __typename } __schema { queryType { fields { type { ofType { name } } } } } }'))
    .toEqual([]);
  const wide = `{ ${Array.from({ length: 21 }, () => '__typename').join(' ')} }`;
  expect(errors(wide)).toEqual(['Query selects 21 fields; the maximum is 20.']);
});

it('lets the standard introspection query (GraphiQL, codegen) through the default limits', () => {
  const query = getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
  expect(validate(schema, parse(query), [...specifiedRules, queryLimitsRule(DEFAULT_QUERY_LIMITS)])).toEqual([]);
});

it('measures bracket nesting in one pass, not counting brackets in strings and comments', () => {
  expect(bracketNesting('{ me { friends { name } } }')).toBe(3);
  expect(bracketNesting('query($a: [[Int]]) { me { name } }')).toBe(3);
  expect(bracketNesting('{ me(note: "{{{{[[((") { name } } # {{{{{')).toBe(2);
  expect(bracketNesting('{ me(note: """ {{{{ """) { name } }')).toBe(2);
  expect(bracketNesting('{a'.repeat(100_000) + '}'.repeat(100_000))).toBe(100_000);
  expect(bracketNesting(getIntrospectionQuery())).toBeLessThan(DEFAULT_QUERY_LIMITS.maxNesting);
});
