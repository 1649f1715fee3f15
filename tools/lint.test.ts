import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The project's own lint rule (biome.json's plugin, tools/lint/no-request-casts.grit), broken on
// purpose: a routes file that casts its request's params, query and body, beside one that reads
// them as typed and a test that casts a reply's body. Biome runs with the project's configuration,
// as `npm run lint` does, and must report exactly the three casts.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
const dir = mkdtempSync(path.join(tmpdir(), 'kovanica-lint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'apps/server/src/modules/x/x.routes.ts': [
    'export function xRoutes(app: { get: (h: (request: { params: unknown; query: unknown; body: unknown }) => unknown) => void }) {',
    '  app.get((request) => [request.params as { id: number }, request.query as { q: string }, request.body as object]);',
    '}',
  ].join('\n'),
  'apps/server/src/modules/y/y.routes.ts': [
    'export function yRoutes(app: { get: (h: (request: { params: { id: number } }) => unknown) => void }) {',
    '  app.get((request) => request.params.id);',
    '}',
  ].join('\n'),
  'apps/server/src/modules/x/x.test.ts': 'export const read = (res: { body: unknown }) => res.body as string;',
};

describe('the lint rule of routes', () => {
  it('refuses a cast of a request’s params, query or body in a routes file, and nothing else', async () => {
    cpSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
    cpSync(path.join(root, 'tools/lint'), path.join(dir, 'tools/lint'), { recursive: true });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), `${text}\n`);
    }
    // No VCS in the folder: the project's "use the ignore file" would find none.
    const failure = await promisify(execFile)(biome, ['lint', '--vcs-enabled=false', '--max-diagnostics=50', 'apps'], { cwd: dir }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );
    const out = `${failure?.stdout ?? ''}${failure?.stderr ?? ''}`;
    // Each cast once, where it is: its file and line.
    const found = [...out.matchAll(/^(apps\/\S+):(\d+):\d+ plugin/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(found, out).toEqual(Array(3).fill('apps/server/src/modules/x/x.routes.ts:2'));
  });
});
