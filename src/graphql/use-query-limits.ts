import {
  GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext,
  type ValidationRule,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';

export interface QueryLimits {
  /** Nesting of fields, fragments expanded; `__typename` counts like any field. */
  maxDepth: number;
  /**
   * Nesting under `__schema` / `__type`, counted the same way. GraphiQL's and codegen's standard
   * introspection query is 15 deep (its type references nest `ofType` seven times); graphql-js's
   * own MaxIntrospectionDepthRule (in the specified rules) separately stops `fields { type {
   * fields ...` fan-out, so this ceiling only has to fit the standard query.
   */
  maxIntrospectionDepth: number;
  /** Aliased fields in one document: aliases are the cheap way to ask for one expensive field many times. */
  maxAliases: number;
  /** Field selections after expanding fragments: a rough cost that also stops fragment fan-out. */
  maxFields: number;
  /** Lexer tokens in the document, checked while parsing so huge documents cost little. */
  maxTokens: number;
  /**
   * Brackets (`{`, `(`, `[`) open at once, checked by a linear scan before parsing: the parser
   * descends recursively, so a few thousand levels overflow its stack before `maxTokens` stops it.
   */
  maxNesting: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxDepth: 10, maxIntrospectionDepth: 15, maxAliases: 30, maxFields: 1000, maxTokens: 5000, maxNesting: 100 };

interface Measure {
  depth: number;
  introspectionDepth: number;
  fields: number;
}

const INTROSPECTION_ROOTS = new Set(['__schema', '__type']);
const EMPTY: Measure = { depth: 0, introspectionDepth: 0, fields: 0 };

function measure(
  selectionSet: SelectionSetNode,
  context: ValidationContext,
  visiting: Set<string>,
  memo: Map<string, Measure>,
): Measure {
  let depth = 0;
  let introspectionDepth = 0;
  let fields = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const inner = selection.selectionSet ? measure(selection.selectionSet, context, visiting, memo) : EMPTY;
      if (INTROSPECTION_ROOTS.has(selection.name.value)) {
        introspectionDepth = Math.max(introspectionDepth, inner.depth + 1, inner.introspectionDepth + 1);
      } else {
        depth = Math.max(depth, inner.depth + 1);
        introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth === 0 ? 0 : inner.introspectionDepth + 1);
      }
      fields += inner.fields + 1;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = measure(selection.selectionSet, context, visiting, memo);
      depth = Math.max(depth, inner.depth);
      introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
      fields += inner.fields;
    } else {
      const name = selection.name.value;
      // Unknown fragments and cycles are reported by graphql's own rules.
      const fragment: FragmentDefinitionNode | undefined | null = context.getFragment(name);
      if (!fragment || visiting.has(name)) continue;
      let inner = memo.get(name);
      if (!inner) {
        visiting.add(name);
        inner = measure(fragment.selectionSet, context, visiting, memo);
        visiting.delete(name);
        memo.set(name, inner);
      }
      depth = Math.max(depth, inner.depth);
      introspectionDepth = Math.max(introspectionDepth, inner.introspectionDepth);
      fields += inner.fields;
    }
  }
  return { depth, introspectionDepth, fields };
}

export function queryLimitsRule(limits: QueryLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(node) {
        if (node.alias && ++aliases === limits.maxAliases + 1) {
          context.reportError(new GraphQLError(`Query uses more than ${limits.maxAliases} aliases.`, { nodes: [node] }));
        }
      },
      OperationDefinition(node) {
        const { depth, introspectionDepth, fields } = measure(node.selectionSet, context, new Set(), new Map());
        if (depth > limits.maxDepth) {
          context.reportError(new GraphQLError(`Query depth ${depth} exceeds the maximum of ${limits.maxDepth}.`, { nodes: [node] }));
        }
        if (introspectionDepth > limits.maxIntrospectionDepth) {
          context.reportError(new GraphQLError(
            `Introspection depth ${introspectionDepth} exceeds the maximum of ${limits.maxIntrospectionDepth}.`, { nodes: [node] },
          ));
        }
        if (fields > limits.maxFields) {
          context.reportError(new GraphQLError(`Query selects ${fields} fields; the maximum is ${limits.maxFields}.`, { nodes: [node] }));
        }
      },
    };
  };
}

const OPENERS = new Set(['{', '(', '[']);
const CLOSERS = new Set(['}', ')', ']']);

/**
 * The deepest bracket nesting of a GraphQL document, in one pass: strings (block strings too)
 * and comments are skipped, so brackets inside them do not count.
 */
export function bracketNesting(source: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '"') {
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        i = end < 0 ? source.length : end + 2;
      } else {
        for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
      }
    } else if (OPENERS.has(c)) {
      deepest = Math.max(deepest, ++depth);
    } else if (CLOSERS.has(c)) {
      depth--;
    }
  }
  return deepest;
}

/** Refuses documents that are too deep, too wide or too long before anything executes. */
export function useQueryLimits(limits: QueryLimits = DEFAULT_QUERY_LIMITS): Plugin {
  const rule = queryLimitsRule(limits);
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        const body = typeof source === 'string' ? source : source.body;
        if (bracketNesting(body) > limits.maxNesting) {
          throw new GraphQLError(`Syntax Error: Document nests brackets more than ${limits.maxNesting} deep.`);
        }
        return parseFn(source, { ...options, maxTokens: limits.maxTokens });
      });
    },
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
