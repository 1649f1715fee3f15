/**
 * Memory of distinct URLs (decision 0010): the server's resident memory after 2,000 reads whose URLs differ
 * only in an undeclared `junk=N`, then after 2,000 distinct valid URLs (page sizes and orders of the
 * devices list, the admin's view: ≈ 70 MiB of answers in all), read caches on. Over HTTP, from its own
 * process: `inject()` in a loop holds memory the server would not.
 *   npm run bench -- memory [--db pglite|postgres]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchDatabase, demoAuthorization, serve, stop } from './support.ts';

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

export async function main(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { db: { type: 'string', default: 'pglite' } } });
  const { dbArg, dropDb } = await benchDatabase(values.db);
  const server = await serve('app', dbArg);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await demoAuthorization(base);
    const pid = server.child.pid as number;
    const read = async (urls: string[]) => {
      const statuses = new Map<number, number>();
      let bytes = 0;
      for (const url of urls) {
        const res = await fetch(base + url, { headers });
        bytes += (await res.text()).length;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      return { statuses: Object.fromEntries(statuses), answersMiB: bytes / 1048576, rss: rssMiB(pid) };
    };
    await read(Array.from({ length: 50 }, () => '/api/v2/devices?itemsPerPage=200'));
    const start = rssMiB(pid);
    const junk = await read(Array.from({ length: 2000 }, (_, i) => `/api/v2/devices?itemsPerPage=200&junk=${i}`));
    const orders = ['name', 'group', 'playPriceCents', 'createdAt', 'id'];
    const distinct = await read(
      Array.from(
        { length: 2000 },
        (_, i) => `/api/v2/devices?itemsPerPage=${(i % 200) + 1}&order[${orders[Math.floor(i / 200) % 5]}]=${i >= 1000 ? 'desc' : 'asc'}`,
      ),
    );
    console.log(`\nServer memory (RSS), read caches on, database ${values.db}`);
    console.log(`  after warm-up                              ${start.toFixed(0).padStart(5)} MiB`);
    console.log(
      `  after 2,000 URLs with junk=N               ${junk.rss.toFixed(0).padStart(5)} MiB  answers ${JSON.stringify(junk.statuses)}`,
    );
    console.log(
      `  after 2,000 distinct valid URLs            ${distinct.rss.toFixed(0).padStart(5)} MiB  answers ${JSON.stringify(distinct.statuses)}, ${distinct.answersMiB.toFixed(0)} MiB in all`,
    );
  } finally {
    await stop(server.child);
    await dropDb?.();
  }
}
