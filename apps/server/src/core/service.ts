import type { CollectionQuery } from './collection.ts';
import type { RequestContext } from './context.ts';

/** What a resource's service provides for the standard operations. */
export interface CrudService<Item, Create, Patch> {
  /** `next`: the cursor of the following page, for a collection with a keyset (from `selectPage`). */
  list(ctx: RequestContext, query: CollectionQuery): Promise<{ items: Item[]; total: number | null; next?: string | null }>;
  get(ctx: RequestContext, id: number): Promise<Item | null>;
  create(ctx: RequestContext, input: Create): Promise<Item>;
  update(ctx: RequestContext, id: number, patch: Patch): Promise<Item | null>;
  remove(ctx: RequestContext, id: number): Promise<boolean>;
}

const REPLAYED = Symbol('replayed');

/** Marks an item a create answers for a request seen before (a retry): its route answers 200, not 201. */
export const replayed = <T extends object>(item: T): T => Object.assign(item, { [REPLAYED]: true });
export const isReplay = (item: object) => (item as { [REPLAYED]?: boolean })[REPLAYED] === true;
