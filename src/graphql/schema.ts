import type { GraphQLSchema } from 'graphql';
import { builder } from './builder';
import './errors.schema';
import './catalogue.schema';
import './user.schema';

export function buildSchema(): GraphQLSchema {
  return builder.toSchema({ sortSchema: true });
}
