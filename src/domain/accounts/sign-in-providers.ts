import type { EntityManager } from '@mikro-orm/postgresql';
import { SignInProvider, UserIdentity, type ISignInProvider, type SignInProviderKind } from '../../db/entities';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { SecretBox } from '../../lib/secret-box';
import { alreadyExists, invalid, notFound, ok, type Outcome } from '../domain-result';
import { optionsOf, providerInputSchema, type CheckedProviderInput, type ProviderInput, type ProviderOptions } from './sign-in-provider-settings';

/** The client secret is bound to its provider's row: a sealed value copied to another row does not open. */
export function providerSecretContext(providerId: number): string {
  return `sign-in-provider:${providerId}`;
}

/** A provider ready to talk to: its settings and its client secret, opened. Never leaves the server. */
export interface ProviderForFlow {
  id: number;
  slug: string;
  kind: SignInProviderKind;
  displayName: string;
  clientId: string;
  clientSecret: string | undefined;
  options: ProviderOptions;
}

export function listEnabledProviders(em: EntityManager): Promise<ISignInProvider[]> {
  return em.find(SignInProvider, { enabled: true }, { orderBy: { id: 'asc' } });
}

/**
 * Every provider, for admins. The sealed secret is loaded (it is a lazy column) only so that
 * `clientSecretSet` can say whether one is stored; it is never opened or returned here.
 */
export function listAllProviders(em: EntityManager): Promise<ISignInProvider[]> {
  return em.find(SignInProvider, {}, { orderBy: { id: 'asc' }, populate: ['clientSecretSealed'] });
}

/** An enabled provider by slug, with its secret opened; null when unknown or switched off. */
export async function providerForFlow(em: EntityManager, box: SecretBox, slug: string): Promise<ProviderForFlow | null> {
  const row = await em.findOne(SignInProvider, { slug, enabled: true }, { populate: ['clientSecretSealed'] });
  return row ? openProvider(box, row) : null;
}

export async function providerForFlowById(em: EntityManager, box: SecretBox, id: number): Promise<ProviderForFlow | null> {
  const row = await em.findOne(SignInProvider, { id, enabled: true }, { populate: ['clientSecretSealed'] });
  return row ? openProvider(box, row) : null;
}

function openProvider(box: SecretBox, row: ISignInProvider): ProviderForFlow {
  const sealed = row.clientSecretSealed ?? null;
  return {
    id: row.id, slug: row.slug, kind: row.kind, displayName: row.displayName, clientId: row.clientId,
    clientSecret: sealed === null ? undefined : box.open(sealed, providerSecretContext(row.id)),
    options: row.options as ProviderOptions,
  };
}

function checkInput(input: unknown): Outcome<CheckedProviderInput> {
  const parsed = providerInputSchema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0]!;
  return invalid(String(issue.path[0] ?? 'input'), issue.message);
}

/** Creates a provider; the secret is sealed in the same transaction as the row it is bound to. */
export async function createProvider(em: EntityManager, box: SecretBox, input: ProviderInput): Promise<Outcome<ISignInProvider>> {
  const checked = checkInput(input);
  if (!checked.ok) return checked;
  const value = checked.value;
  try {
    const id = await em.transactional(async (tx) => {
      const row = tx.create(SignInProvider, {
        slug: value.slug, kind: value.kind, displayName: value.displayName, enabled: value.enabled,
        clientId: value.clientId, clientSecretSealed: null, options: { ...optionsOf(value) },
      });
      await tx.flush();
      if (value.clientSecret !== undefined) {
        await tx.nativeUpdate(SignInProvider, { id: row.id }, { clientSecretSealed: box.seal(value.clientSecret, providerSecretContext(row.id)) });
      }
      return row.id;
    });
    return ok(await em.fork().findOneOrFail(SignInProvider, id, { populate: ['clientSecretSealed'] }));
  } catch (err) {
    if (isUniqueViolation(err)) return alreadyExists('slug', 'A provider with this slug already exists.');
    throw err;
  }
}

/**
 * Replaces a provider's settings (the slug and kind stay: links and registered redirect URLs name
 * them). An absent client secret keeps the stored one.
 */
export async function updateProvider(
  em: EntityManager, box: SecretBox, id: number, input: Omit<ProviderInput, 'slug' | 'kind'>,
): Promise<Outcome<ISignInProvider>> {
  const row = await em.findOne(SignInProvider, id);
  if (!row) return notFound('sign-in provider');
  const checked = checkInput({ ...input, slug: row.slug, kind: row.kind });
  if (!checked.ok) return checked;
  const value = checked.value;
  await em.nativeUpdate(SignInProvider, { id }, {
    displayName: value.displayName, enabled: value.enabled, clientId: value.clientId, options: { ...optionsOf(value) },
    ...(value.clientSecret !== undefined ? { clientSecretSealed: box.seal(value.clientSecret, providerSecretContext(id)) } : {}),
    updatedAt: new Date(),
  });
  return ok(await em.fork().findOneOrFail(SignInProvider, id, { populate: ['clientSecretSealed'] }));
}

/**
 * Deletes a provider nobody is linked to. One with links is switched off instead (enabled:
 * false): deleting it would silently take away those people's way in.
 */
export async function deleteProvider(em: EntityManager, id: number): Promise<Outcome<true>> {
  const row = await em.findOne(SignInProvider, id);
  if (!row) return notFound('sign-in provider');
  if (await em.count(UserIdentity, { provider: id })) {
    return invalid('id', 'People have linked this provider; disable it instead of deleting it.');
  }
  await em.nativeDelete(SignInProvider, { id });
  return ok(true);
}

/**
 * Providers from the environment (SIGNIN_PROVIDERS) that have no row yet are created; existing
 * rows are left alone, as with runtime settings: the environment sets only the first value, and
 * what admins change afterwards stays. Instances starting together meet the slug's unique index.
 */
export async function seedProviders(em: EntityManager, box: SecretBox, providers: readonly CheckedProviderInput[]): Promise<void> {
  for (const provider of providers) {
    if (await em.count(SignInProvider, { slug: provider.slug })) continue;
    const created = await createProvider(em.fork(), box, provider);
    if (!created.ok && created.reason !== 'ALREADY_EXISTS') throw new Error(`SIGNIN_PROVIDERS ${provider.slug}: cannot be created (${created.reason})`);
  }
}
