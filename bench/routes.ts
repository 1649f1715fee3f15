/**
 * Page weight of every route (decision 0016): what each screen adds to what a signed-in user has
 * already loaded, from a build with Vite's manifest. The baseline is the signed-in shell (the entry
 * and the `_app` layout: menu, header, session); a route adds its own chunks (its split route code
 * and the feature page it loads, with the chunks they import that the shell does not have), as JS +
 * CSS at gzip level 9. Charts or PDFs loaded on demand (a dynamic import inside a page) are not part
 * of a route's first paint and are not counted.
 *   npm run bench -- routes [--dist <dir built with --manifest>] [--budget 100]
 * Without `--dist` it builds into a temporary directory first (a minute or two).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { here } from './support.ts';

const run = promisify(execFile);

interface ManifestEntry {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestEntry>;

const web = path.join(here, '..', 'apps', 'web');
const routesDir = path.join(web, 'src', 'routes');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? routeFiles(full) : /\.tsx?$/.test(name) ? [full] : [];
  });
}

export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { dist: { type: 'string' }, budget: { type: 'string', default: '100' } },
  });
  const budget = Number(values.budget) * 1000;
  let dist = values.dist;
  if (!dist) {
    dist = mkdtempSync(path.join(tmpdir(), 'kovanica-routes-'));
    console.log(`Building with the manifest into ${dist}…`);
    await run('npx', ['vite', 'build', '--manifest', '--outDir', dist, '--emptyOutDir'], { cwd: web, maxBuffer: 64 * 1024 * 1024 });
  }
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    let bytes = gzipped.get(file);
    if (bytes === undefined) {
      bytes = gzipSync(readFileSync(path.join(dist as string, file)), { level: 9 }).byteLength;
      gzipped.set(file, bytes);
    }
    return bytes;
  };
  /** The files (JS and CSS) loaded with these chunks: each, and what it imports statically, transitively. */
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const stack = [...keys];
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = manifest[key];
      if (!entry) continue;
      files.add(entry.file);
      for (const css of entry.css ?? []) files.add(css);
      stack.push(...(entry.imports ?? []));
    }
    return files;
  };
  const bytesOf = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + size(f), 0);
  const keys = Object.keys(manifest);
  const splitOf = (source: string) => keys.filter((k) => k.startsWith(`${source}?tsr-split`));
  /** A page that another chunk imports too is a shared chunk (`_<name>-<hash>.js`) rather than an entry of its own. */
  const sharedAs = (source: string) => {
    const stem = `_${path.basename(source).replace(/\.tsx?$/, '')}-`;
    return keys.filter((k) => k.startsWith(stem) && /^[\w-]+\.js$/.test(k.slice(stem.length)));
  };
  const shell = closure(['index.html', ...splitOf('src/routes/_app.tsx')]);
  const entry = closure(['index.html']);

  const rows: { path: string; bytes: number; files: number }[] = [];
  for (const file of routeFiles(routesDir)) {
    const source = path.relative(web, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    const routePath = /createFileRoute\('([^']+)'\)/.exec(text)?.[1];
    if (!routePath || routePath === '/_app' || routePath === '__root__') continue;
    // The feature pages the route loads (`() => import('…/features/…')`), and its split route code.
    const pages = [...text.matchAll(/import\('([^']+)'\)/g)]
      .map((m) =>
        path
          .relative(web, path.resolve(path.dirname(file), m[1] as string))
          .split(path.sep)
          .join('/'),
      )
      .flatMap((key) => (manifest[key] ? [key] : sharedAs(key)));
    const split = splitOf(source);
    const files = closure([...pages, ...split]);
    const base = routePath.startsWith('/_app') ? shell : entry;
    const own = [...files].filter((f) => !base.has(f));
    rows.push({ path: routePath.replace(/^\/_app/, '') || '/', bytes: bytesOf(own), files: own.length });
  }
  rows.sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  const over = rows.filter((r) => r.bytes > budget);
  console.log(`\nSigned-in shell (entry + layout): ${kb(bytesOf(shell))} gzip in ${shell.size} files; entry alone ${kb(bytesOf(entry))}`);
  console.log(`What each route adds to it (JS + CSS, gzip -9), budget ≤ ${kb(budget)}:`);
  for (const r of rows) {
    const note = r.files === 0 ? '   (leads to another route)' : r.bytes > budget ? '   OVER' : '';
    console.log(`  ${kb(r.bytes).padStart(9)} ${String(r.files).padStart(4)} files  ${r.path}${note}`);
  }
  console.log(`${rows.length} routes; ${over.length === 0 ? 'all within the budget' : `${over.length} over the budget`}`);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(
    path.join(here, 'results', 'routes.json'),
    `${JSON.stringify({ bench: 'routes', at: new Date().toISOString(), budget, shell: bytesOf(shell), rows }, null, 2)}\n`,
  );
  if (over.length) process.exitCode = 1;
}
