import { z } from 'zod';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { zText } from '../validation.ts';
import { articleUnits } from './articles.ts';
import { optional, withoutCompany } from './shared.ts';

/** Where stock is kept (docs/rules.md "Stock"): a warehouse, or a van that carries prizes to the machines. */
export const repositoryTypes = ['warehouse', 'van'] as const;
export type RepositoryType = (typeof repositoryTypes)[number];

export const repositoryItem = z.object({
  ...itemMeta,
  company: z.string(),
  type: z.enum(repositoryTypes),
  name: z.string(),
  /** A user of the same company who answers for what is in it. */
  responsibleWorker: z.string().nullable(),
  responsibleWorkerName: z.string().nullable(),
  address: z.string().nullable(),
  /** The stock summary: articles with a quantity above zero, their units, and their value at average purchase prices. */
  articlesInStock: z.number().int(),
  unitsInStock: z.number().int(),
  stockValueCents: z.number().int(),
  createdAt: z.string(),
});
export type Repository = z.infer<typeof repositoryItem>;

const fields = {
  company: zIri('companies'),
  type: z.enum(repositoryTypes),
  name: zText(120),
  responsibleWorker: zIri('users').nullable(),
  address: zText(300).nullable(),
};

export const repositoryCreate = z.strictObject({ ...optional(fields), type: fields.type, name: fields.name });
export type RepositoryCreate = z.infer<typeof repositoryCreate>;
export const repositoryPatch = z.strictObject(optional(withoutCompany(fields)));
export type RepositoryPatch = z.infer<typeof repositoryPatch>;

export const repositoriesCollection: CollectionSpec = {
  filters: { name: 'partial', type: 'exact', responsibleWorker: 'exact', company: 'exact' },
  order: ['id', 'name', 'type', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const repositoriesResource = defineResource({
  name: 'repositories',
  item: repositoryItem,
  create: repositoryCreate,
  patch: repositoryPatch,
  collection: repositoriesCollection,
  // The responsible worker's name; the summary changes with every movement and article price.
  embeds: ['users', 'articles'],
});

/** One article held in a repository (`GET /repositories/{id}/stock`). */
export const stockLevelItem = z.object({
  article: z.string(),
  articleName: z.string(),
  unit: z.enum(articleUnits),
  quantity: z.number().int(),
  averagePurchasePriceCents: z.number().int().nullable(),
  /** The quantity at the average purchase price. */
  valueCents: z.number().int(),
});
export type StockLevel = z.infer<typeof stockLevelItem>;
