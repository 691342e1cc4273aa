import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { EntityName } from '@mikro-orm/core';

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

export function decodeCursor(cursor: string): { createdAt: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (Number.isNaN(createdAt.getTime()) || !/^\d+$/.test(id ?? '')) throw new Error('invalid cursor');
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
    const c = decodeCursor(cursor);
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
