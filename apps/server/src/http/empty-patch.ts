/**
 * `{}`: a merge-patch that changes nothing (RFC 7396). Every PATCH route takes it, even one whose
 * fields travel together, and answers the item unchanged without writing (validation.ts lets it
 * through; crud.ts and the hand-written PATCH routes answer it).
 */
export const isEmptyPatch = (body: unknown): body is Record<string, never> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0;
