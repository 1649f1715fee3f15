/**
 * The URL map (docs/url-map.md): from a screen's address to its route file, the feature files it
 * renders, the API calls they make and the server module that answers each, so a bug report that
 * gives a URL leads to its code in one step. `npm run map` writes it; `tools/url-map.test.ts` fails
 * when the file is not what this script would write now.
 *
 * Static analysis only (regular expressions over the sources, nothing is imported or run):
 * - a route file's URL is its `createFileRoute('…')` id without pathless segments (`_app`) and the
 *   trailing `_` of a segment that does not nest (`history_`);
 * - its features are the files under `features/` it imports (statically or with `import()`), and the
 *   files of the same feature those import in turn;
 * - API calls are the literal paths of `apiRequest('…')` in those files and in the `lib/` and
 *   `components/` files they import directly; of the client itself (`lib/api.ts`), only the calls of
 *   the functions a file imports (`requestToken`); the resource of every `lib/apis/<name>.ts` they
 *   import (`/<name>`, the kit's standard routes), and the resource a route names in `listRoute`,
 *   `newRoute` or `editRoute`;
 * - the server's routes are the `url: '/api/v2/…'` and `<app>.<verb>('/api/v2/…')` of each module's
 *   `*.routes.ts`, and `/api/v2/<name>` and `/api/v2/<name>/:id` for each `registerCrud` of a
 *   described resource (`defineResource({ name })` in the contract).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = 'apps/web/src';
const modulesDir = 'apps/server/src/modules';
const API = '/api/v2';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** Code-unit order, the same on every machine (not the locale's). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const posix = (file: string) => file.split(path.sep).join('/');

function walk(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? walk(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`]))
    .sort();
}

/** `${bill.id}` → `:id`, `${action}` → `:action`; the query string dropped. */
const normalise = (raw: string) => raw.replace(/\$\{[^}]*?(\w+)\s*\}/g, ':$1').replace(/\?.*$/, '');

/** The contract's described resources: the exported constant's name → the resource's name. */
function describedResources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const file of walk('packages/contract/src/resources')) {
    for (const m of read(file).matchAll(/export const (\w+) = defineResource\(\{\s*name: '([\w-]+)'/g)) out.set(m[1] ?? '', m[2] ?? '');
  }
  return out;
}

interface ServerRoute {
  method: string;
  path: string;
  file: string;
}

function serverRoutes(resources: Map<string, string>): ServerRoute[] {
  const routes: ServerRoute[] = [];
  for (const file of walk(modulesDir).filter((f) => f.endsWith('.routes.ts'))) {
    const text = read(file);
    for (const m of text.matchAll(/registerCrud\([\s\S]{0,160}?\bresource:\s*(\w+)/g)) {
      const name = resources.get(m[1] ?? '');
      if (!name) continue;
      routes.push({ method: 'CRUD', path: `${API}/${name}`, file }, { method: 'CRUD', path: `${API}/${name}/:id`, file });
    }
    for (const m of text.matchAll(/method:\s*'(\w+)',\s*url:\s*(['`])(\/api\/v2[^'`]*)\2/g)) {
      routes.push({ method: m[1] ?? '', path: normalise(m[3] ?? ''), file });
    }
    for (const m of text.matchAll(/\.(get|post|put|patch|delete)\(\s*(['`])(\/api\/v2[^'`]*)\2/g)) {
      routes.push({ method: (m[1] ?? '').toUpperCase(), path: normalise(m[3] ?? ''), file });
    }
  }
  return routes;
}

const segmentsMatch = (a: string, b: string) => {
  const x = a.split('/');
  const y = b.split('/');
  return x.length === y.length && x.every((s, i) => s === y[i] || s.startsWith(':') || (y[i] ?? '').startsWith(':'));
};

/** The relative imports of a web file (static and `import()`), resolved to repository paths. */
function importsOf(file: string, text: string): string[] {
  const found = [...text.matchAll(/(?:from\s+|import\(\s*)'(\.[^']+)'/g)].map((m) => posix(path.join(path.dirname(file), m[1] ?? '')));
  return [...new Set(found)].filter((f) => existsSync(path.join(root, f)));
}

interface ApiCall {
  method: string;
  path: string;
}

/** The literal `apiRequest` calls of a file. */
function apiCallsOf(text: string): ApiCall[] {
  return [...text.matchAll(/apiRequest(?:<[^>]*>)?\(\s*(['`])([^'`]*)\1([^)]{0,200})/g)]
    .filter((m) => (m[2] ?? '').startsWith('/') && !(m[2] ?? '').startsWith('/${'))
    .map((m) => ({ method: /method:\s*'(\w+)'/.exec(m[3] ?? '')?.[1] ?? 'GET', path: normalise(m[2] ?? '') }));
}

/** The API client's own calls (`lib/api.ts`), by the exported function that makes each. */
function clientCalls(): [string, ApiCall][] {
  const text = read(`${web}/lib/api.ts`);
  return text.split(/\n(?=export )/).flatMap((part) => {
    const name = /^export (?:async )?function (\w+)/.exec(part)?.[1];
    return name ? apiCallsOf(part).map((call): [string, ApiCall] => [name, call]) : [];
  });
}

interface Screen {
  url: string;
  file: string;
  /** The feature files the route file imports itself, or where it redirects. */
  features: string[];
  calls: string[];
  servers: string[];
}

function routeUrl(id: string): string {
  // A pathless layout (`/_app`): every screen under it.
  if (/\/_[^/]*$/.test(id)) return `${id.slice(0, id.lastIndexOf('/')) || ''}/* (layout)`;
  const parts = id
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('_'))
    .map((s) => s.replace(/_$/, ''));
  return `/${parts.join('/')}`;
}

/** What one entry file (a route file, or the sign-in page's) renders and calls. */
function screenOf(url: string, file: string, text: string, resources: Set<string>, routes: ServerRoute[]): Screen {
  const features = new Set<string>();
  for (const m of text.matchAll(/(?:redirect\(\{\s*to:\s*|aliasRoute\(\s*)(['`])([^'`]+)\1/g)) features.add(`→ ${normalise(m[2] ?? '')}`);
  const calls = new Map<string, ApiCall>();
  const add = (call: ApiCall) => calls.set(`${call.method} ${call.path}`, call);
  const addResource = (name: string) => resources.has(name) && add({ method: 'resource', path: `/${name}` });
  for (const m of text.matchAll(/\b(?:listRoute|newRoute|editRoute)\(\s*'([\w-]+)'/g)) addResource(m[1] ?? '');
  // Breadth first through the entry's own imports and its features' files.
  const seen = new Set<string>([file]);
  const queue = [file];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const source = next === file ? text : read(next);
    for (const call of apiCallsOf(source)) add(call);
    for (const imported of importsOf(next, source)) {
      const local = imported.slice(`${web}/`.length);
      if (local === 'lib/api.ts') {
        // The client: only the calls of the functions this file names (`requestToken`: the sign-in).
        const named = /import\s*\{([^}]*)\}\s*from\s*'[^']*\/lib\/api\.ts'/.exec(source)?.[1] ?? '';
        for (const [name, call] of clientCalls()) if (new RegExp(`\\b${name}\\b`).test(named)) add(call);
        continue;
      }
      if (seen.has(imported) || imported.endsWith('.test.ts')) continue;
      seen.add(imported);
      const apis = /^lib\/apis\/([\w-]+)\.ts$/.exec(local);
      if (apis) addResource(apis[1] ?? '');
      else if (local.startsWith('features/')) {
        if (next === file) features.add(local);
        queue.push(imported);
      } else if (local.startsWith('app/') && next === file && !local.endsWith('.css')) features.add(local);
      else if (local.startsWith('lib/') || local.startsWith('components/')) {
        for (const call of apiCallsOf(read(imported))) add(call);
      }
    }
  }
  const sorted = [...calls.values()].sort((a, b) => byText(a.path, b.path) || byText(a.method, b.method));
  const servers = new Set<string>();
  for (const call of sorted) {
    const full = `${API}${call.path}`;
    const answering = routes.filter(
      (route) => segmentsMatch(route.path, full) && (call.method === 'resource' || route.method === 'CRUD' || route.method === call.method),
    );
    for (const route of answering) servers.add(route.file.slice(`${modulesDir}/`.length));
    // A call no module declares: a broken link to fix, or a path this reading cannot follow.
    if (answering.length === 0) servers.add(`no route: ${call.method} ${call.path}`);
  }
  return {
    url,
    file: file.slice(`${web}/`.length),
    features: [...features].sort(),
    calls: sorted.map((c) => (c.method === 'resource' ? `${c.path} (resource)` : `${c.method} ${c.path}`)),
    servers: [...servers].sort(),
  };
}

/** The URL of every route file (`createFileRoute`), and the sign-in page's. */
export function webUrls(): string[] {
  const urls = walk(`${web}/routes`).flatMap((file) => {
    const id = /createFileRoute\('([^']+)'\)/.exec(read(file))?.[1];
    return id ? [routeUrl(id)] : [];
  });
  return ['/login', ...urls].sort();
}

function screens(resources: Set<string>, routes: ServerRoute[]): Screen[] {
  // The sign-in page is a page apart (login.html), not a route (decision 0016).
  const signIn = `${web}/sign-in-main.tsx`;
  const out = [screenOf('/login', signIn, read(signIn), resources, routes)];
  for (const file of walk(`${web}/routes`)) {
    const text = read(file);
    const id = /createFileRoute\('([^']+)'\)/.exec(text)?.[1];
    if (id) out.push(screenOf(routeUrl(id), file, text, resources, routes));
  }
  return out.sort((a, b) => byText(a.url, b.url) || byText(a.file, b.file));
}

const code = (items: string[]) => (items.length ? items.map((i) => `\`${i}\``).join(', ') : '—');

/** The text of docs/url-map.md as the sources are now. */
export function urlMap(): string {
  const described = describedResources();
  const routes = serverRoutes(described);
  const lines = [
    '# URL map',
    '',
    'Generated by `npm run map` (`tools/url-map.ts`) from the sources; do not edit by hand. `tools/url-map.test.ts`',
    "fails when it is stale. A screen's address leads to its route file (`apps/web/src/routes/`), the feature files it",
    'renders (under `apps/web/src/`), the API calls they make (under `/api/v2`; *resource*: the standard routes of a',
    'described resource, `lib/apis/<name>.ts`) and the server module that answers (`apps/server/src/modules/`). Found by',
    'reading the sources, not by running them: a path built at run time (the export dialogs, a reference select) is not',
    "here. See `docs/names.md` for each aggregate's names across the layers.",
    '',
    '## Screens',
    '',
    '| URL | route file | feature files (or where it leads) | API calls | server module |',
    '|---|---|---|---|---|',
  ];
  for (const s of screens(new Set(described.values()), routes)) {
    lines.push(`| \`${s.url}\` | \`${s.file}\` | ${code(s.features)} | ${code(s.calls)} | ${code(s.servers)} |`);
  }
  lines.push(
    '',
    '## API routes',
    '',
    'Every route the modules declare, by path (*CRUD*: `registerCrud`, the list and item reads and the writes its service offers).',
    '',
    '| method | path | server routes file |',
    '|---|---|---|',
  );
  const sorted = [...routes].sort((a, b) => byText(a.path, b.path) || byText(a.method, b.method));
  for (const r of sorted) lines.push(`| ${r.method} | \`${r.path}\` | \`${r.file.slice(`${modulesDir}/`.length)}\` |`);
  return `${lines.join('\n')}\n`;
}

export const URL_MAP = path.join(root, 'docs/url-map.md');

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(URL_MAP, urlMap());
  console.log(`wrote ${path.relative(root, URL_MAP)}`);
}
