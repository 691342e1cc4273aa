import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';
import { GraphQLError } from 'graphql';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface Connection<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

interface Keyed {
  id: number;
  createdAt: Date;
}

export function encodeCursor(row: Keyed): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/**
 * A cursor is the caller's input: one we did not hand out is a typed input error (code
 * BAD_USER_INPUT, naming the argument), not a masked "Unexpected error".
 */
export function decodeCursor(cursor: string, argument: 'after' | 'before'): { createdAt: Date; id: number } {
  const [iso, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  const valid = extra === undefined && !Number.isNaN(createdAt.getTime()) && createdAt.getUTCFullYear() >= 1
    && createdAt.getUTCFullYear() <= 9999 && /^\d{1,10}$/.test(id ?? '') && Number(id) <= 2_147_483_647;
  if (!valid) {
    throw new GraphQLError(`\`${argument}\` is not a cursor from this list.`, {
      extensions: { code: 'BAD_USER_INPUT', field: argument },
    });
  }
  return { createdAt, id: Number(id) };
}

/**
 * Keyset pagination, newest first, on (created_at, id): stable under inserts and cheap at any
 * depth with an index on (owner, created_at). Forward (`first`/`after`) and backward
 * (`last`/`before`) both work; the page is always returned newest first.
 */
export async function keysetConnection<T extends Keyed>(
  em: EntityManager,
  entity: EntityName<T>,
  where: FilterQuery<T>,
  args: ConnectionArgs,
  options: { populate?: string[] } = {},
): Promise<Connection<T>> {
  const backward = args.last != null || args.before != null;
  const size = Math.min(Math.max(1, (backward ? args.last : args.first) ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const cursor = backward ? args.before : args.after;
  const conditions: FilterQuery<T>[] = [where];
  if (cursor) {
    const c = decodeCursor(cursor, backward ? 'before' : 'after');
    const cmp = backward ? '$gt' : '$lt';
    conditions.push({
      $or: [{ createdAt: { [cmp]: c.createdAt } }, { createdAt: c.createdAt, id: { [cmp]: c.id } }],
    } as unknown as FilterQuery<T>);
  }
  const dir = backward ? 'asc' : 'desc';
  const rows = await em.find(entity, { $and: conditions } as FilterQuery<T>, {
    orderBy: { createdAt: dir, id: dir } as never,
    limit: size + 1,
    populate: options.populate as never,
  });
  const hasMore = rows.length > size;
  const page = rows.slice(0, size);
  if (backward) page.reverse();
  const edges = page.map((node) => ({ cursor: encodeCursor(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: backward ? cursor != null : hasMore,
      hasPreviousPage: backward ? hasMore : cursor != null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
