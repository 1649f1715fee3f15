/**
 * Loyalty card upload (decision 0024): 10,000 rows of CSV through
 * `POST /api/v2/loyalty-cards/upload`, the preview (`confirm: false`) and then the write
 * (`confirm: true`), each timed through the whole app in this process (`inject`: JSON in and out,
 * the guard, every row checked, one insert); beside a raw multi-row INSERT of the same rows into a
 * copy of `loyalty_cards` (same columns, indexes and unique keys) in the same database, in the same run.
 *   npm run bench -- card-upload [--db pglite|postgres] [--rows 10000]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { loyaltyOwners } from '../apps/server/src/db/schema/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { FiscalKeys } from '../apps/server/src/fiscal/keys.ts';
import { benchDatabase, here } from './support.ts';

const SECRET = 'bench-fiscal-secret-bench-fiscal-secret!!';

export async function main(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { db: { type: 'string', default: 'pglite' }, rows: { type: 'string', default: '10000' } },
  });
  const rows = Number(values.rows);
  const target = await benchDatabase(values.db);
  const database = await openDatabase(target.dbArg === 'pglite' ? { pglite: await PGlite.create() } : { url: target.dbArg });
  await database.migrate();
  await seedDemo(database.db, new FiscalKeys(SECRET));
  const app = await buildApp({ database, jwtSecret: 'bench-jwt-secret-that-is-long-enough-123', fiscalKeySecret: SECRET, webDist: null });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v2/authentication_token',
      payload: { email: 'manager@zabavni.test', password: 'kovanica-demo' },
    });
    const authorization = `Bearer ${login.json<{ token: string }>().token}`;
    const companyId = Number(
      (
        (await database.db.execute(sql`select id from companies where name = 'Zabavni automati d.o.o.'`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows[0]?.id,
    );
    const [owner] = await database.db
      .insert(loyaltyOwners)
      .values({ companyId, name: 'Bench upload', oib: '69435151530', isOperator: true })
      .returning({ id: loyaltyOwners.id });
    const ownerId = owner?.id ?? 0;

    // The file: chip ids of 7 bytes, numbers, every tenth card blocked with a reason.
    const cards = Array.from({ length: rows }, (_, i) => ({
      uid: `B1${i.toString(16).toUpperCase().padStart(12, '0')}`,
      number: `BU-${String(i + 1).padStart(6, '0')}`,
      status: i % 10 === 9 ? 'blocked' : 'active',
      reason: i % 10 === 9 ? 'Returned to stock' : '',
    }));
    const csv = `\uFEFFuid;number;status;statusReason\n${cards.map((c) => `${c.uid};${c.number};${c.status};${c.reason}`).join('\n')}\n`;
    const send = async (confirm: boolean) => {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v2/loyalty-cards/upload',
        headers: { authorization },
        payload: { fileName: 'bench.csv', content: csv, owner: `/api/v2/loyalty-owners/${ownerId}`, confirm },
      });
      const ms = performance.now() - started;
      if (res.statusCode !== (confirm ? 201 : 200)) throw new Error(`upload ${confirm}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, body: res.json<{ rowsValid?: number; rowsWritten?: number }>() };
    };
    const preview = await send(false);
    const write = await send(true);
    if (preview.body.rowsValid !== rows || write.body.rowsWritten !== rows) throw new Error('not every row was valid and written');

    // Baseline: the same rows, one raw multi-row INSERT into a copy of the table, in one transaction.
    await database.db.execute(sql`create table bench_cards (like loyalty_cards including all)`);
    const rawStarted = performance.now();
    await database.db.transaction(async (tx) => {
      // In chunks of 5,000 rows: a statement takes at most 65,535 parameters.
      for (let i = 0; i < cards.length; i += 5000) {
        const chunk = sql.join(
          cards
            .slice(i, i + 5000)
            .map(
              (c) =>
                sql`(${companyId}, ${ownerId}, ${c.uid}, ${c.number}, ${c.status}, ${c.reason || null}, ${c.status === 'active' ? null : new Date().toISOString()}::timestamptz)`,
            ),
          sql`, `,
        );
        await tx.execute(
          sql`insert into bench_cards (company_id, owner_id, uid, number, status, status_reason, status_changed_at) values ${chunk}`,
        );
      }
    });
    const rawMs = performance.now() - rawStarted;

    const figures = {
      db: values.db,
      rows,
      previewSeconds: preview.ms / 1000,
      writeSeconds: write.ms / 1000,
      totalSeconds: (preview.ms + write.ms) / 1000,
      rawInsertSeconds: rawMs / 1000,
    };
    const s = (n: number) => `${n.toFixed(2)} s`;
    console.log(`card upload, ${rows.toLocaleString('en')} rows on ${values.db}:`);
    console.log(`  preview (confirm: false)          ${s(figures.previewSeconds)}`);
    console.log(`  write   (confirm: true)           ${s(figures.writeSeconds)}`);
    console.log(`  preview + write                   ${s(figures.totalSeconds)}`);
    console.log(`  baseline: raw multi-row INSERT    ${s(figures.rawInsertSeconds)}  (the same rows, no checks)`);
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', `card-upload-${values.db}-${Date.now()}.json`), JSON.stringify(figures, null, 2));
  } finally {
    await app.close();
    await database.close();
    await target.dropDb?.();
  }
}
