import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The boundaries `npm run lint` checks (.dependency-cruiser.cjs, decision 0011), each broken on
// purpose: a small repository in a temporary folder, laid out like this one, with one import that
// breaks each rule and beside it the imports each rule must let through. The checker runs on it with
// the project's own configuration, as `npm run lint` does, and must fail reporting exactly the breaks.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

const files: Record<string, string> = {
  // Packages the fixtures import, as small as they can be.
  'node_modules/zod/package.json': '{ "name": "zod", "main": "index.js" }',
  'node_modules/zod/index.js': 'export const z = {};',
  'node_modules/vitest/package.json': '{ "name": "vitest", "main": "index.js" }',
  'node_modules/vitest/index.js': 'export const it = () => {};',
  'node_modules/drizzle-orm/package.json': '{ "name": "drizzle-orm", "main": "index.js" }',
  'node_modules/drizzle-orm/index.js': 'export const sql = {};',

  // The contract: zod and its own files; its tests also vitest.
  'packages/contract/src/index.ts': "import { z } from 'zod';\nexport { money } from './money.ts';\nexport const schema = z;",
  'packages/contract/src/money.ts': 'export const money = 1;',
  'packages/contract/src/money.test.ts': "import { it } from 'vitest';\nimport { money } from './money.ts';\nit(String(money));",
  'packages/contract/src/leak.ts': "import { sql } from 'drizzle-orm';\nexport const leak = sql;",
  'packages/contract/src/leak.test.ts': "import { sql } from 'drizzle-orm';\nimport { it } from 'vitest';\nit(String(sql));",

  // The web app: a feature uses its own files, components/ and lib/, never another feature.
  'apps/web/src/features/devices/page.tsx': [
    "import { api } from '../../lib/api.ts';",
    "import { columns } from './columns.ts';",
    "import type { User } from '../users/api.ts';",
    'export const Page = (props: { user: User }) => <div title={String(api)}>{columns.length}</div>;',
  ].join('\n'),
  'apps/web/src/features/devices/columns.ts': 'export const columns: string[] = [];',
  'apps/web/src/features/users/api.ts': 'export interface User { id: number }',
  'apps/web/src/lib/api.ts': "import { schema } from '../../../../packages/contract/src/index.ts';\nexport const api = schema;",
  'apps/web/src/lib/server-config.ts': "import { port } from '../../../server/src/config.ts';\nexport const serverPort = port;",

  // The server.
  'apps/server/src/config.ts': 'export const port = 3000;',
  'apps/server/src/web-dist.ts': "import { api } from '../../web/src/lib/api.ts';\nexport const web = api;",
  // Modules meet through services only.
  'apps/server/src/modules/users/users.service.ts': "import { findUser } from './users.queries.ts';\nexport const usersService = findUser;",
  'apps/server/src/modules/users/users.queries.ts': "import { users } from '../../db/schema/index.ts';\nexport const findUser = users;",
  'apps/server/src/modules/auth/auth.service.ts': [
    "import { usersService } from '../users/users.service.ts';",
    "import { findUser } from '../users/users.queries.ts';",
    'export const auth = [usersService, findUser];',
  ].join('\n'),
  // db/ is the bottom: a type-only import counts too.
  'apps/server/src/db/schema/index.ts': 'export const users = {};',
  'apps/server/src/db/client.ts': "import { users } from './schema/index.ts';\nexport type Db = typeof users;",
  'apps/server/src/db/errors.ts': 'export class FieldError extends Error {}',
  'apps/server/src/db/paging.ts': "import type { Known } from '../http/errors.ts';\nexport type Page = Known[];",
  // http/ uses the handle's type, the page query and the data errors; no schema, no module.
  'apps/server/src/http/collection.ts': [
    "import type { Db } from '../db/client.ts';",
    "import type { Page } from '../db/paging.ts';",
    'export type Raw = string;',
    'export type Handle = [Db, Page];',
  ].join('\n'),
  'apps/server/src/http/errors.ts':
    "import { FieldError } from '../db/errors.ts';\nexport const known = FieldError;\nexport type Known = string;",
  'apps/server/src/http/references.ts': "import { users } from '../db/schema/index.ts';\nexport const ref = users;",
  'apps/server/src/http/guard.ts': "import { usersService } from '../modules/users/users.service.ts';\nexport const guard = usersService;",
  // A module's routes file is its HTTP part; its service uses core/, never http/.
  'apps/server/src/modules/tags/tags.service.ts': [
    "import type { Ctx } from '../../core/context.ts';",
    "import { known } from '../../http/errors.ts';",
    'export const tags = (ctx: Ctx) => [ctx, known];',
  ].join('\n'),
  'apps/server/src/modules/tags/tags.routes.ts': [
    "import { known } from '../../http/errors.ts';",
    "import { tags } from './tags.service.ts';",
    'export const routes = [tags, known];',
  ].join('\n'),
  // core/ uses the data layer, never http/.
  'apps/server/src/core/context.ts': [
    "import type { Db } from '../db/client.ts';",
    "import type { Known } from '../http/errors.ts';",
    'export type Ctx = [Db, Known];',
  ].join('\n'),
  // No import cycles.
  'apps/web/src/lib/day.ts': "import { format } from './format.ts';\nexport const day = () => format;",
  'apps/web/src/lib/format.ts': "import { day } from './day.ts';\nexport const format = () => day;",
  // Tests in http/ may seed through the schema.
  'apps/server/src/http/guard.test.ts': "import { users } from '../db/schema/index.ts';\nexport const seeded = users;",
};

/** The breaks planted above: rule, importer, imported. Nothing else may be reported. */
const expected = [
  ['contract-imports-only-zod', 'packages/contract/src/leak.ts', 'node_modules/drizzle-orm/index.js'],
  ['contract-tests-import-only-zod-and-vitest', 'packages/contract/src/leak.test.ts', 'node_modules/drizzle-orm/index.js'],
  ['feature-to-feature', 'apps/web/src/features/devices/page.tsx', 'apps/web/src/features/users/api.ts'],
  ['web-to-server', 'apps/web/src/lib/server-config.ts', 'apps/server/src/config.ts'],
  ['server-to-web', 'apps/server/src/web-dist.ts', 'apps/web/src/lib/api.ts'],
  ['module-to-module-internals', 'apps/server/src/modules/auth/auth.service.ts', 'apps/server/src/modules/users/users.queries.ts'],
  ['db-is-the-bottom', 'apps/server/src/db/paging.ts', 'apps/server/src/http/errors.ts'],
  ['http-uses-db-types-only', 'apps/server/src/http/references.ts', 'apps/server/src/db/schema/index.ts'],
  ['http-to-modules', 'apps/server/src/http/guard.ts', 'apps/server/src/modules/users/users.service.ts'],
  ['services-free-of-http', 'apps/server/src/modules/tags/tags.service.ts', 'apps/server/src/http/errors.ts'],
  ['core-is-neutral', 'apps/server/src/core/context.ts', 'apps/server/src/http/errors.ts'],
  ['no-circular', 'apps/web/src/lib/day.ts', 'apps/web/src/lib/format.ts'],
];

const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-boundaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the boundaries checked by npm run lint', () => {
  it('refuses each broken rule, and only those imports', async () => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), `${text}\n`);
    }
    // As the lint runs it: the checker lists each break and exits non-zero, which fails the lint.
    const failure = await promisify(execFile)(process.execPath, [depcruise, '--config', config, 'apps', 'packages'], { cwd: dir }).then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    );
    expect(failure?.code).toBe(expected.length);
    // A break is reported as `error rule: from → to`; a cycle once, as `error no-circular: from → `
    // with the files of the cycle on the lines after it, the first of them the file it imports.
    const found = [...(failure?.stdout ?? '').matchAll(/^\s*error (\S+): (\S+) → ?\n?\s*(\S+?)(?: →)?$/gm)].map((m) => m.slice(1));
    expect(found.sort()).toEqual([...expected].sort());
  });
});
