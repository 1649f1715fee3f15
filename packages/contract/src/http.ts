/**
 * The API dialect (docs/api.md), in API Platform's JSON-LD shape: items carry `@id` and `@type`,
 * collections answer `{ member, totalItems, view }`, relations travel as IRIs.
 */
export const API_BASE = '/api/v2';
export const DEFAULT_ITEMS_PER_PAGE = 30;
export const MAX_ITEMS_PER_PAGE = 200;
/**
 * How deep page numbers reach in a collection that pages by cursor (`page × itemsPerPage` at most):
 * an offset makes the database read and drop every row before the page. Beyond it, follow
 * `view.next` (decision 0010). 10,000 is also what the web app's export takes at most.
 */
export const MAX_PAGE_DEPTH = 10_000;
export const MERGE_PATCH = 'application/merge-patch+json';
export const PROBLEM_JSON = 'application/problem+json';
/** Request header that selects the All Companies view (see docs/api.md). */
export const VIEW_HEADER = 'x-kovanica-view';

export const iri = (collection: string, id: number | string) => `${API_BASE}/${collection}/${id}`;

/** The largest id: ids are PostgreSQL `integer`s, so a larger number names nothing. */
export const MAX_ID = 2_147_483_647;

/** An id as text (`42`), or null when it is not one of 1 … `MAX_ID`. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID ? Number(value) : null;
}

/** Parses `/api/v2/<collection>/<id>` into the id, or null when it is not such an IRI. */
export function parseIri(collection: string, value: string): number | null {
  const prefix = `${API_BASE}/${collection}/`;
  return value.startsWith(prefix) ? parseId(value.slice(prefix.length)) : null;
}

/** A relation given as its IRI or its bare id (query parameters take both), or null. */
export const parseReference = (collection: string, value: string): number | null => parseIri(collection, value) ?? parseId(value);
