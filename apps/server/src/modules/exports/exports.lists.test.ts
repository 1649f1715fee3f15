import { type Collection, type ExportItem, formatDateTime, type ListExportKind, listExportKinds, type Problem } from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildContext, loadActor } from '../../core/context.ts';
import { mergePatch, testApp } from '../../testing/app.ts';
import { createDeviceWithLogger, createLessor, createLocation, sendEvents } from '../../testing/fixtures.ts';
import { memorySink } from './exports.files.ts';
import { buildListExport, listExports } from './exports.lists.ts';
import { ExportSweep } from './exports.service.ts';
import { aboutValue, readCsv, readXlsx } from './exports.testing.ts';

/**
 * Exports of the app's lists (decision 0026): each data set's file holds its list's rows
 * (`GET /<kind>` with the same filters), in the list's tenancy, read a chunk at a time.
 */
const t = await testApp();
const sweep = new ExportSweep(t.db, () => {}, t.app.lists);
const lessor = await createLessor(t, { rentalType: 'percentage', rentalPercentage: 10 });
const place = await createLocation(t, { lessor: lessor['@id'], fiscalization: false, name: '=Lista "Izvoz"; B' });
const d1 = await createDeviceWithLogger(t, { location: place['@id'], name: 'Export device one' });
const d2 = await createDeviceWithLogger(t, { location: place['@id'], name: 'Export device two' });
const events = Array.from({ length: 25 }, (_, i) => ({
  seq: i + 1,
  at: new Date(Date.UTC(2025, 9, 1 + i, 9, 30)).toISOString(),
  type: 'coin' as const,
  valueCents: 100,
  count: i + 1,
}));
await sendEvents(t, d1.logger, events);
await sendEvents(t, d2.logger, [{ seq: 1, at: '2025-10-03T12:00:00Z', type: 'note', valueCents: 5000, count: 2 }]);

const ask = (user: string, body: unknown, headers: Record<string, string> = {}) =>
  t.json<ExportItem & Partial<Omit<Problem, 'status'>>>(user, {
    method: 'POST',
    url: '/api/v2/exports',
    payload: body as Record<string, unknown>,
    headers,
  });
const count = async () =>
  Number(((await t.db.execute(sql`select count(*) as n from exports`)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

/**
 * Asks for a list's export, builds it, downloads it: the lines of what it holds (`about`), its lines
 * from the header row on (`lines`), its rows and its totals lines.
 */
async function exported(user: string, kind: ListExportKind, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const asked = await ask(user, { kind, format: 'csv', params }, headers);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  await sweep.sweep();
  const done = (await t.json<ExportItem>(user, { url: asked.body['@id'], headers })).body;
  expect(done, JSON.stringify(done)).toMatchObject({ status: 'done', progress: 100, kind });
  const file = await t.as(user, { url: done.file as string, headers });
  expect(file.statusCode).toBe(200);
  const { about, lines } = readCsv(file.rawPayload);
  const rows = done.rows ?? 0;
  return { item: done, about, lines, rows: lines.slice(1, 1 + rows), totals: lines.slice(1 + rows) };
}

/** Every row of a list as its endpoint answers it, following its pages. */
async function listed(user: string, kind: string, query = '', headers: Record<string, string> = {}) {
  const items: Record<string, unknown>[] = [];
  let url: string | undefined = `/api/v2/${kind}?itemsPerPage=200${query ? `&${query}` : ''}`;
  while (url) {
    const res: { status: number; body: Collection<Record<string, unknown>> } = await t.json(user, { url, headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.member);
    url = res.body.view.next;
  }
  return items;
}

/** A CSV line's fields (`;` between them, quoted ones with `""` for a quote). */
const fields = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^;]*)(?:;|$)/g)].map((m) => m[1] ?? '').slice(0, -1);

/** The first column of a list's file, as the export writes it from an item. */
const firstCell = (kind: ListExportKind, item: Record<string, unknown>) => {
  const column = listExports[kind].columns[0];
  const value = item[column?.field ?? ''];
  if (value === null || value === undefined) return '';
  if (column?.type === 'instant') return formatDateTime(String(value));
  const text = String(value);
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[;"\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
};

describe('each list as a file', () => {
  it.each(listExportKinds)('%s: the same rows, in the same order, as its list answers', async (kind) => {
    const rows = await listed('admin', kind);
    const { item, lines, rows: written, totals } = await exported('admin', kind);
    expect(item.rows).toBe(rows.length);
    expect(written.length).toBe(rows.length);
    expect(fields(lines[0] ?? '').length).toBe(listExports[kind].columns.length);
    expect(written.map((line) => fields(line)[0])).toEqual(rows.map((r) => firstCell(kind, r)));
    expect(totals.length).toBeGreaterThan(0);
    for (const line of totals) expect(line).toMatch(/^(Total|Revenue \(without test plays\)|Test plays \(not revenue\))/);
  });

  it('transactions with the list’s filters: a device and a range; the totals add up', async () => {
    const query = { device: d1.device['@id'], 'at[after]': '2025-10-05', 'at[before]': '2025-10-14' };
    const rows = await listed('manager', 'transactions', new URLSearchParams(query).toString());
    expect(rows.length).toBe(9);
    const { lines, rows: written, totals } = await exported('manager', 'transactions', query, { 'accept-language': 'hr' });
    expect(lines[0]).toBe('Vrijeme;Uređaj;Lokacija;Vrsta;Iznos;Količina;Testna igra;Redni broj');
    expect(written.map((l) => l.split(';')[0])).toEqual(rows.map((r) => formatDateTime(String(r.at))));
    // A stored word in the reader's words, as the list shows it (`coin`: Kovanica).
    expect(written[0]).toMatch(/^\d\d\.10\.2025 \d\d:30;Export device one;;Kovanica;/);
    const amount = rows.reduce((sum, r) => sum + Number(r.amountCents), 0);
    const plays = rows.reduce((sum, r) => sum + Number(r.count), 0);
    // Coins only here: the revenue line and the coins' line (amount and count).
    expect(totals).toEqual([
      `Prihod (bez testnih igara);;;;${(amount / 100).toFixed(2).replace('.', ',')};;;`,
      `Ukupno: Kovanica;;;;${(amount / 100).toFixed(2).replace('.', ',')};${plays};;`,
    ]);
  });

  it('deposits: the worker’s note and the verification note, each in a column of its own', async () => {
    const { device, logger } = await createDeviceWithLogger(t, { location: place['@id'], name: 'Export device notes' });
    await sendEvents(t, logger, [
      { seq: 1, at: '2025-10-05T10:00:00Z', type: 'coin', valueCents: 200, count: 5 },
      { seq: 2, at: '2025-10-05T11:00:00Z', type: 'emptying', coinsCents: 1000, tokens: 0 },
    ]);
    const [deposit] = await listed('manager', 'deposits', `device=${device.id}`);
    const id = String(deposit?.['@id']);
    const counted = await t.as('worker', {
      method: 'PATCH',
      url: id,
      headers: mergePatch,
      payload: { depositCoinsCents: 600, depositTokens: 0, note: 'Two coins stuck.' },
    });
    expect(counted.statusCode).toBe(200);
    const verified = await t.as('manager', {
      method: 'POST',
      url: '/api/v2/deposits/verify',
      payload: { deposits: [id], notes: { [id]: 'Service called.' } },
    });
    expect(verified.statusCode).toBe(200);
    const { lines, rows } = await exported('manager', 'deposits', { device: device['@id'] }, { 'accept-language': 'hr' });
    const head = fields(lines[0] ?? '');
    const row = fields(rows[0] ?? '');
    expect(row[head.indexOf('Napomena djelatnika')]).toBe('Two coins stuck.');
    expect(row[head.indexOf('Napomena ovjere')]).toBe('Service called.');
  });

  it('XLSX: the same rows, money as numbers', async () => {
    const asked = await ask('manager', { kind: 'transactions', format: 'xlsx', params: { device: d1.device['@id'] } });
    expect(asked.status).toBe(202);
    await sweep.sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done.status).toBe('done');
    const file = await t.as('manager', { url: done.file as string });
    const { sheet, about, header } = await readXlsx(file.rawPayload);
    expect(sheet.name).toBe('Transactions');
    expect(aboutValue(about, 'Filters')).toBe('Device: Export device one');
    // Five lines of what it holds, an empty row, the header, 25 rows, the revenue and the coins' totals.
    expect(header).toBe(7);
    expect(sheet.getRow(header).getCell(1).value).toBe('Time');
    expect(sheet.rowCount).toBe(header + 25 + 2);
    expect(sheet.getRow(header + 1).getCell(6).value).toBe(25);
    expect(sheet.getRow(header + 1).getCell(5).value).toBe(25);
    expect(sheet.getRow(header + 26).getCell(1).value).toBe('Revenue (without test plays)');
    expect(sheet.getRow(header + 26).getCell(5).value).toBe((25 * 26) / 2);
    expect(sheet.getRow(header + 26).getCell(6).value).toBeNull();
    expect(sheet.getRow(header + 27).getCell(1).value).toBe('Total: Coin');
    expect(sheet.getRow(header + 27).getCell(6).value).toBe((25 * 26) / 2);
  });
});

describe('a user exports what they may list, as the list shows it', () => {
  it('the manager’s file holds their company’s rows; the admin’s All Companies view has everyone’s, with a company column', async () => {
    const mine = await exported('manager', 'devices');
    const names = mine.rows.map((l) => fields(l)[0]);
    expect(names).toEqual(expect.arrayContaining(['Export device one', 'Export device two']));
    expect(names.length).toBe((await listed('manager', 'devices')).length);
    const all = { 'x-kovanica-view': 'all' };
    const wide = await exported('admin', 'devices', {}, all);
    expect(fields(wide.lines[0] ?? '').slice(0, 2)).toEqual(['Name', 'Company']);
    expect(wide.rows.length).toBe((await listed('admin', 'devices', '', all)).length);
  });

  it('another company’s manager gets none of ours: refused without the transfer module, their own rows with it', async () => {
    const refused = await ask('otherManager', { kind: 'devices', format: 'csv', params: {} });
    expect(refused.status).toBe(403);
    expect(refused.body.type).toMatch(/module_off$/);
    const company = (await t.json<{ '@id': string; activeModules: string[] }>('otherManager', { url: '/api/v2/companies?itemsPerPage=1' }))
      .body as unknown as { member: { '@id': string; activeModules: string[] }[] };
    const drugi = company.member[0];
    if (!drugi) throw new Error('no company');
    const patch = (activeModules: string[]) =>
      t.as('admin', {
        method: 'PATCH',
        url: drugi['@id'],
        payload: { activeModules },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    expect((await patch([...drugi.activeModules, 'transfer'])).statusCode).toBe(200);
    try {
      const theirs = await exported('otherManager', 'devices');
      expect(theirs.rows.join('\n')).not.toContain('Export device');
      expect(theirs.rows.length).toBe((await listed('otherManager', 'devices')).length);
      // Asking for a company they cannot see is the list's own refusal (nothing of ours either way).
      const ours = await exported('otherManager', 'transactions', { device: d1.device['@id'] });
      expect(ours.rows).toEqual([]);
      // Its file names no row of ours either: the filter stays the id they gave.
      expect(aboutValue(ours.about, 'Filters')).toBe(`Device: ${d1.device['@id']}`);
      // A list whose module their company lacks (loyalty) is refused as the list is.
      const cards = await ask('otherManager', { kind: 'loyalty-cards', format: 'csv', params: {} });
      expect(cards.status).toBe(403);
      expect(cards.body.type).toMatch(/module_off$/);
    } finally {
      await patch(drugi.activeModules);
    }
  });

  it('the list’s permission is needed: a worker (no exports) and a right taken away before the build', async () => {
    expect((await ask('worker', { kind: 'devices', format: 'csv', params: {} })).status).toBe(403);
    const asked = await ask('manager', { kind: 'repositories', format: 'csv', params: {} });
    expect(asked.status).toBe(202);
    const before = (await t.json<{ activeModules: string[] }>('admin', { url: '/api/v2/companies/1' })).body.activeModules;
    const patch = (activeModules: string[]) =>
      t.as('admin', {
        method: 'PATCH',
        url: '/api/v2/companies/1',
        payload: { activeModules },
        headers: { 'content-type': 'application/merge-patch+json' },
      });
    expect((await patch(before.filter((m) => m !== 'stock'))).statusCode).toBe(200);
    try {
      await sweep.sweep();
      const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
      expect(done.status).toBe('failed');
      expect(done.file).toBeNull();
    } finally {
      await patch(before);
    }
  });
});

describe('streamed: read a chunk at a time along the list’s keyset', () => {
  it('25 transactions by chunks of 4: 7 reads, each of 4 rows at most, by cursor after the first, none counting again', async () => {
    const actor = await loadActor(t.db, 2);
    if (!actor) throw new Error('no manager');
    const ctx = buildContext(actor, 'en', false);
    const source = t.app.lists.get('transactions');
    if (!source) throw new Error('no transactions list');
    const reads: { itemsPerPage: number; after: unknown; depth: number | null; items: number }[] = [];
    const spy = {
      ...source,
      list: async (c: typeof ctx, q: Parameters<typeof source.list>[1]) => {
        const page = await source.list(c, q);
        reads.push({ itemsPerPage: q.itemsPerPage, after: q.after, depth: q.depth, items: page.items.length });
        return page;
      },
    };
    const chunks: number[] = [];
    const progress: number[] = [];
    const file = await buildListExport(
      t.db,
      ctx,
      'transactions',
      spy,
      { device: d1.device['@id'] },
      'csv',
      memorySink(),
      async (written, total) => {
        progress.push(Math.round((written / total) * 100));
      },
      { chunk: 4, onChunk: (n) => chunks.push(n) },
    );
    expect(file.rows).toBe(25);
    expect(chunks).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(reads.length).toBe(7);
    expect(reads.every((r) => r.itemsPerPage === 4 && r.items <= 4)).toBe(true);
    expect(reads[0]?.after).toBeNull();
    expect(reads.slice(1).every((r) => r.after !== null && r.depth === 0)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('more rows than the limit: refused, nothing written', async () => {
    const actor = await loadActor(t.db, 2);
    if (!actor) throw new Error('no manager');
    const source = t.app.lists.get('transactions');
    if (!source) throw new Error('no transactions list');
    await expect(
      buildListExport(t.db, buildContext(actor, 'en', false), 'transactions', source, {}, 'csv', memorySink(), async () => {}, {
        maxRows: 10,
      }),
    ).rejects.toMatchObject({ code: 'export_too_long' });
  });
});

describe('bad requests are 4xx in the user’s language, and queue nothing', () => {
  it.each([
    [{ kind: 'transactions', format: 'csv', params: { nope: '1' } }, 422, 'params.nope'],
    [{ kind: 'transactions', format: 'csv', params: { 'at[after]': 'yesterday' } }, 422, 'params.at[after]'],
    [{ kind: 'transactions', format: 'csv', params: { page: '2' } }, 422, 'params.page'],
    [{ kind: 'transactions', format: 'csv', params: { 'order[at]': 'asc' } }, 422, 'params.order[at]'],
    [{ kind: 'devices', format: 'csv', params: { location: 'abc' } }, 422, 'params.location'],
    [{ kind: 'devices', format: 'pdf', params: {} }, 422, 'format'],
    [{ kind: 'nothing', format: 'csv', params: {} }, 422, 'kind'],
    [{ kind: 'devices', format: 'csv', params: { name: { a: 1 } } }, 422, 'params.name'],
  ])('%j → %i', async (body, status, path) => {
    const before = await count();
    const res = await ask('manager', body, { 'accept-language': 'hr' });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.detail).toBeTruthy();
    if (path) expect(res.body.violations?.map((v) => v.propertyPath)).toContain(path);
    expect(await count()).toBe(before);
  });
});

describe('the file in parts (decision 0026)', () => {
  const parts = async (id: number) =>
    (
      (await t.db.execute(
        sql`select seq, octet_length(content) as n from export_parts where export_id = ${id} order by seq`,
      )) as unknown as { rows: { seq: number; n: number }[] }
    ).rows.map((r) => ({ seq: Number(r.seq), n: Number(r.n) }));
  const small = new ExportSweep(t.db, () => {}, t.app.lists, { partBytes: 256 });
  const manager = async () => {
    const actor = await loadActor(t.db, 2);
    if (!actor) throw new Error('no manager');
    return buildContext(actor, 'en', false);
  };

  it('a file of many parts downloads byte for byte as built, with its length; XLSX too', async () => {
    const params = { device: d1.device['@id'] };
    const asked = await ask('manager', { kind: 'transactions', format: 'csv', params });
    expect(asked.status).toBe(202);
    await small.sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done.status).toBe('done');
    const stored = await parts(done.id);
    expect(stored.length).toBeGreaterThan(3);
    expect(stored.map((p) => p.seq)).toEqual(stored.map((_, i) => i));
    expect(stored.slice(0, -1).every((p) => p.n === 256)).toBe(true);
    expect(done.size).toBe(stored.reduce((sum, p) => sum + p.n, 0));
    const file = await t.as('manager', { url: done.file as string });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-length']).toBe(String(done.size));
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    const source = t.app.lists.get('transactions');
    if (!source) throw new Error('no transactions list');
    const whole = memorySink();
    await buildListExport(t.db, await manager(), 'transactions', source, params, 'csv', whole, async () => {}, {
      now: new Date(done.createdAt),
    });
    expect(file.rawPayload.equals(whole.bytes())).toBe(true);

    const xlsx = await ask('manager', { kind: 'transactions', format: 'xlsx', params });
    await small.sweep();
    const book = (await t.json<ExportItem>('manager', { url: xlsx.body['@id'] })).body;
    expect((await parts(book.id)).length).toBeGreaterThan(3);
    const downloaded = await t.as('manager', { url: book.file as string });
    expect(downloaded.rawPayload.length).toBe(book.size);
    const { sheet, header } = await readXlsx(downloaded.rawPayload);
    expect(sheet.rowCount).toBe(header + 25 + 2);
  });

  it('a build that fails midway and is tried again leaves no part of the failed run; a taken-up run none of the dead one', async () => {
    const asked = await ask('manager', { kind: 'transactions', format: 'csv', params: { device: d1.device['@id'] } });
    let inserts = 0;
    const flaky = new ExportSweep(
      Object.assign(Object.create(t.db), {
        execute: async (query: Parameters<typeof t.db.execute>[0]) => {
          if (JSON.stringify(query).includes('insert into export_parts') && ++inserts === 3) throw new Error('connection lost');
          return t.db.execute(query);
        },
      }),
      () => {},
      t.app.lists,
      { partBytes: 256 },
    );
    await flaky.sweep();
    expect((await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body).toMatchObject({ status: 'queued', size: null });
    expect(await parts(asked.body.id)).toEqual([]);
    // A dead server's run left parts behind (its lease is long gone): the run that takes it up starts afresh.
    await t.db.execute(sql`update exports set status = 'running', started_at = now() - interval '10 minutes' where id = ${asked.body.id}`);
    await t.db.execute(
      sql`insert into export_parts (export_id, seq, content) values (${asked.body.id}, 0, '\\x00'), (${asked.body.id}, 999, '\\x00')`,
    );
    await small.sweep();
    const done = (await t.json<ExportItem>('manager', { url: asked.body['@id'] })).body;
    expect(done.status).toBe('done');
    const stored = await parts(done.id);
    expect(stored.map((p) => p.seq)).toEqual(stored.map((_, i) => i));
    expect(done.size).toBe(stored.reduce((sum, p) => sum + p.n, 0));
    const file = await t.as('manager', { url: done.file as string });
    expect(file.rawPayload.length).toBe(done.size);
    expect(file.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
  });

  it('an expired export is deleted with its parts', async () => {
    const asked = await ask('manager', { kind: 'transactions', format: 'csv', params: {} });
    await small.sweep();
    expect((await parts(asked.body.id)).length).toBeGreaterThan(0);
    await t.db.execute(sql`update exports set expires_at = now() - interval '1 second' where id = ${asked.body.id}`);
    await small.sweep();
    expect(await parts(asked.body.id)).toEqual([]);
    expect((await t.as('manager', { url: `${asked.body['@id']}/file` })).statusCode).toBe(404);
  });
});
