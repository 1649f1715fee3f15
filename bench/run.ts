/**
 * `npm run bench -- <name> [options]`: runs one benchmark. Each prints its figures next to a baseline
 * measured in the same run, and writes them to bench/results/<name>.json.
 */
const benches: Record<string, () => Promise<{ main(args: string[]): Promise<void> }>> = {
  alarms: () => import('./alarms.ts'),
  api: () => import('./api.ts'),
  'card-upload': () => import('./card-upload.ts'),
  cluster: () => import('./cluster.ts'),
  export: () => import('./export.ts'),
  'first-start': () => import('./first-start.ts'),
  ingest: () => import('./ingest.ts'),
  memory: () => import('./memory.ts'),
  pages: () => import('./pages.ts'),
  reports: () => import('./reports.ts'),
  routes: () => import('./routes.ts'),
  'routes-plan': () => import('./routes-plan.ts'),
  scale: () => import('./scale.ts'),
  web: () => import('./web.ts'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? benches[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(benches).join('|')}> [options]`);
  process.exit(2);
}
await (await load()).main(args);

export {};
