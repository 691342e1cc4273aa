import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { CatalogueModel, Vendor, type ICatalogueModel, type ModelStatus, type ModelTier, type ModelType } from '../../db/entities';

export interface ModelFilter {
  /** Vendor slug, e.g. `openai`. */
  vendor?: string | null;
  series?: string | null;
  type?: ModelType | null;
  tier?: ModelTier | null;
  /** Only honoured for admins; everyone else sees ACTIVE and DEPRECATED models. */
  statuses?: readonly ModelStatus[] | null;
}

const PUBLIC_STATUSES: ModelStatus[] = ['ACTIVE', 'DEPRECATED'];

/** Catalogue models in a stable order (vendor, series, id); hidden models exist only for admins. */
export async function findModels(em: EntityManager, filter: ModelFilter, admin: boolean): Promise<ICatalogueModel[]> {
  const where: FilterQuery<ICatalogueModel> = {
    status: { $in: admin && filter.statuses?.length ? [...filter.statuses] : PUBLIC_STATUSES },
  };
  if (filter.series) where.series = filter.series;
  if (filter.type) where.type = filter.type;
  if (filter.tier) where.tier = filter.tier;
  if (filter.vendor) {
    const vendor = await em.findOne(Vendor, { slug: filter.vendor });
    if (!vendor) return [];
    where.vendor = vendor.id;
  }
  return em.find(CatalogueModel, where, { orderBy: { vendor: { slug: 'asc' }, series: 'asc', modelId: 'asc' } });
}

export async function findModel(em: EntityManager, modelId: string, admin: boolean): Promise<ICatalogueModel | null> {
  const model = await em.findOne(CatalogueModel, { modelId });
  return model && (admin || model.status !== 'HIDDEN') ? model : null;
}

export interface ModelSeries {
  name: string;
  vendorId: number;
  models: ICatalogueModel[];
}

/** Groups an ordered model list by (vendor, series), keeping the order. */
export function groupBySeries(models: readonly ICatalogueModel[]): ModelSeries[] {
  const series = new Map<string, ModelSeries>();
  for (const model of models) {
    const key = `${model.vendor.id}\u0000${model.series}`;
    let entry = series.get(key);
    if (!entry) series.set(key, (entry = { name: model.series, vendorId: model.vendor.id, models: [] }));
    entry.models.push(model);
  }
  return [...series.values()];
}
