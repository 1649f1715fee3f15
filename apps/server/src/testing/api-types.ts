/**
 * The types an outside client generates from the served OpenAPI document (`GET /api/v2/docs.json`)
 * with openapi-typescript, as an integrator would (docs/api.md "A generated client"; decision 0048).
 * `npm run api:client` writes them to `testing/generated/api.d.ts`; `http/api-client.test.ts` fails
 * when that file is not what the document gives now, and drives a listening server through
 * openapi-fetch with them, so a document a generated client cannot use fails the typecheck or the test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

export const API_TYPES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'generated/api.d.ts');

/** The command that rewrites the file: the staleness test names it. */
export const API_TYPES_COMMAND = 'npm run api:client';

/**
 * The generated types of a document, with the generator's default options but `readWriteMarkers`:
 * openapi-fetch then leaves `readOnly` fields out of request bodies and `writeOnly` ones out of
 * answers, so the markers the document sets are checked by the compiler too.
 */
export async function apiTypesOf(document: OpenAPI3): Promise<string> {
  const nodes = await openapiTS(document, { readWriteMarkers: true, silent: true });
  return `${COMMENT_HEADER.replace(' */', ` * Written by \`${API_TYPES_COMMAND}\` from GET /api/v2/docs.json.\n */`)}${astToString(nodes)}`;
}

/** The served document of an app on an empty in-memory database (the document reads no row). */
export async function servedDocument(): Promise<OpenAPI3> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { openDatabase } = await import('../db/client.ts');
  const { buildApp } = await import('../app.ts');
  const database = await openDatabase({ pglite: await PGlite.create() });
  const app = await buildApp({ database, jwtSecret: 'x'.repeat(40), fiscalKeySecret: 'y'.repeat(40), webDist: null });
  try {
    await app.ready();
    return (await app.inject({ url: '/api/v2/docs.json' })).json<OpenAPI3>();
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(API_TYPES, await apiTypesOf(await servedDocument()));
}
