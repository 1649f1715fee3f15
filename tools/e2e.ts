/**
 * The browser suite in shards side by side (decision 0033): each shard is a Playwright run of its own
 * with its own server and embedded database (its own port), so no shard sees another's writes, and the
 * suite's wall time is that of its longest shard. A run waits mostly on the browser and the network,
 * not on the CPU (one run keeps less than half a core busy on this 2-core machine), so shards overlap.
 *
 *   node --import tsx tools/e2e.ts [playwright arguments]     E2E_SHARDS (default 2), E2E_PORT (first port)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 4310);
const args = process.argv.slice(2);
const started = Date.now();

function run(index: number): Promise<number> {
  const tag = `[${index}/${shards}]`;
  const child = spawn(
    'npx',
    ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...(shards > 1 ? [`--shard=${index}/${shards}`] : []), ...args],
    {
      // Each shard's configuration makes its own embedded database (one directory per run).
      env: { ...process.env, E2E_PORT: String(firstPort + index - 1), KV_E2E_DATA_DIR: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${tag} ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
const failed = codes.filter((code) => code !== 0).length;
console.log(`\nBrowser suite: ${shards - failed} of ${shards} shards passed in ${((Date.now() - started) / 60_000).toFixed(1)} min`);
process.exit(failed ? 1 : 0);
