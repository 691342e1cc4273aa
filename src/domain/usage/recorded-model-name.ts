import type { CatalogueSnapshot } from '../catalogue/catalogue.types';

/**
 * The model name a usage row keeps for a request. A catalogue id is kept as it is; any other
 * name is the caller's unvalidated text (a typo, or an attack on whoever reads the exports), so
 * one longer than the catalogue's longest id is cut to that length and ends in `…` to say so.
 * Shorter unknown names stay readable: they are what an operator needs to see a caller's typo.
 */
export function recordedModelName(name: string, catalogue: CatalogueSnapshot): string {
  if (catalogue.byId.has(name)) return name;
  let longest = 1;
  for (const id of catalogue.byId.keys()) longest = Math.max(longest, id.length);
  if (name.length <= longest) return name;
  return `${name.slice(0, longest - 1)}…`;
}
