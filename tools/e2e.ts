/**
 * Runs the browser tests in two shards side by side, each with its own server and embedded database
 * (ports E2E_PORT and E2E_PORT + 1), so that one shard's data never meets the other's: the suite
 * takes about 60 % of its time in one go on this 2-core machine. Arguments (a spec, `--grep`) run
 * that part in one process, as `playwright test` would. `E2E_SHARDS=1` runs everything in one.
 *   npm run test:e2e                      (builds the app first)
 *   node --import tsx tools/e2e.ts bills.spec.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Number(process.env.E2E_SHARDS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 4310);

const run = (shard: number) =>
  new Promise<number>((resolve) => {
    const shardArgs = shards > 1 ? [`--shard=${shard}/${shards}`] : [];
    const child = spawn('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', ...shardArgs, ...args], {
      cwd: root,
      env: { ...process.env, E2E_PORT: String(basePort + shard - 1) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = shards > 1 ? `[${shard}/${shards}] ` : '';
    const forward = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
      let rest = '';
      stream.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
    };
    if (child.stdout) forward(child.stdout, process.stdout);
    if (child.stderr) forward(child.stderr, process.stderr);
    child.on('exit', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => run(i + 1)));
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
