/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** A signed integer of any size (quota units), serialized as a decimal string. */
  BigInt: { input: string; output: string; }
  /** An ISO-8601 timestamp in UTC. */
  DateTime: { input: string; output: string; }
};

export type Query = {
  __typename?: 'Query';
  /** Every vendor in the catalogue. */
  vendors: Array<Vendor>;
};

export type Vendor = {
  __typename?: 'Vendor';
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  slug: Scalars['String']['output'];
};
