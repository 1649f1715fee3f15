/**
 * The web app's build as `npm start` uses it (decision 0044): built once at `npm ci` (the root's
 * `prepare` script runs this file), and again only when a source is newer than the build. Vite's
 * build takes 20–25 s on a 2-core machine, most of a first start's budget: the start reuses a build
 * that is up to date instead. `node --import tsx tools/web-build.ts` builds when stale; `--check`
 * only says whether it is. `--tests` builds when stale under CI too: the page-weight check and the
 * browser suite (`test:weight`, `test:e2e`) share one build, made by whichever runs first (a Vite build
 * is 20–25 s of CI's two cores), and none when `WEB_DIST` names a build to use.
 *
 * The build writes Vite's manifest (`.vite/manifest.json`), which the page-weight check reads: a
 * build without it counts as missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The build `npm start` serves (WEB_DIST unset). */
export const webDist = path.join(root, 'apps/web/dist');
/** What the build reads: the app, its pages and settings, the contract it imports, the locked dependencies. */
const inputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/login.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
].map((p) => path.join(root, p));

/** The newest modification time under a file or folder (0 when it is missing). */
function newest(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) latest = Math.max(latest, newest(path.join(target, entry.name)));
  return latest;
}

/** Why the build must be made again: `missing`, `stale` (a source is newer), or null when it is up to date. */
export function webBuildNeeded(): 'missing' | 'stale' | null {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index) || !existsSync(path.join(webDist, '.vite', 'manifest.json'))) return 'missing';
  const builtAt = statSync(index).mtimeMs;
  return inputs.some((input) => newest(input) > builtAt) ? 'stale' : null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const needed = webBuildNeeded();
  const forTests = process.argv.includes('--tests');
  if (process.argv.includes('--check')) {
    console.log(needed ?? 'up to date');
  } else if (forTests && process.env.WEB_DIST) {
    console.log(`web build: ${process.env.WEB_DIST} (WEB_DIST)`);
  } else if (process.env.CI && !forTests) {
    // CI builds in its own steps (`test:e2e`, `test:weight`): not twice.
    console.log('web build: skipped under CI');
  } else if (!needed) {
    console.log('web build: up to date');
  } else {
    console.log(`web build: ${needed === 'missing' ? 'none yet' : 'older than its sources'}, building it…`);
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = result.status ?? 1;
  }
}
