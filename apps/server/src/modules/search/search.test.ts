import type { SearchAnswer, SearchKind } from '@kovanica/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  articles,
  billCounters,
  bills,
  companies,
  fiscalCertificates,
  loyaltyCards,
  loyaltyOwners,
  repositories,
  tags,
  users,
} from '../../db/schema/index.ts';
import { demoImei } from '../../demo/fleet.ts';
import { demo, testApp } from '../../testing/app.ts';
import { partialBillNumber } from './search.service.ts';

const t = await testApp();
const search = (user: 'manager' | 'worker' | 'otherManager' | 'accountant' | 'admin', q: string) =>
  t.json<SearchAnswer>(user, { url: `/api/v2/search?q=${encodeURIComponent(q)}` });
const ofKind = (answer: { status: number; body: SearchAnswer }, kind: SearchKind) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.results.filter((r) => r.kind === kind);
};

const [zabavni] = await t.db.select({ id: users.companyId }).from(users).where(eq(users.email, demo.manager));
const [drugi] = await t.db.select({ id: users.companyId }).from(users).where(eq(users.email, demo.otherManager));
const ZABAVNI = zabavni?.id as number;
const DRUGI = drugi?.id as number;

/** A company's bills written straight into the tables, with their sequences' counters, as issuing leaves them. */
async function seedBills(companyId: number, sequences: { premises: string; isu: string; year: number; count: number }[]) {
  let [certificate] = await t.db
    .select({ id: fiscalCertificates.id })
    .from(fiscalCertificates)
    .where(eq(fiscalCertificates.companyId, companyId))
    .limit(1);
  if (!certificate) {
    [certificate] = await t.db
      .insert(fiscalCertificates)
      .values({
        companyId,
        oib: '02994650199',
        subject: 'test',
        issuer: 'test',
        serial: `s${companyId}`,
        validFrom: new Date('2025-01-01'),
        validTo: new Date('2030-01-01'),
        certificatePem: 'x',
        privateKeySealed: 'x',
      })
      .returning({ id: fiscalCertificates.id });
  }
  for (const [p, s] of sequences.entries()) {
    await t.db.insert(billCounters).values({ companyId, premises: s.premises, isu: s.isu, year: s.year, last: s.count });
    await t.db.insert(bills).values(
      Array.from({ length: s.count }, (_, i) => ({
        companyId,
        kind: 'manual' as const,
        // Within a sequence, a later number at a later time; the sequences' times interleave.
        issuedAt: new Date(Date.UTC(s.year, 0, 1 + i, 8, p)),
        year: s.year,
        number: i + 1,
        premises: s.premises,
        isu: s.isu,
        totalCents: 100 * (i + 1),
        inVatSystem: false,
        payment: 'G' as const,
        oib: '02994650199',
        operatorOib: '62940357120',
        zki: `${companyId}${s.premises}${s.isu}${s.year}${i}`.padEnd(32, '0').slice(0, 32),
        certificateId: certificate?.id as number,
      })),
    );
  }
}

/** Runs `body` with the company's modules narrowed to those not listed (by an admin, as on screen), then puts them back. */
async function withoutModules(companyId: number, off: string[], body: () => Promise<void>) {
  const [before] = await t.db.select({ modules: companies.activeModules }).from(companies).where(eq(companies.id, companyId));
  const modules = before?.modules ?? [];
  const set = async (activeModules: readonly string[]) => {
    const res = await t.as('admin', {
      method: 'PATCH',
      url: `/api/v2/companies/${companyId}`,
      headers: { 'content-type': 'application/merge-patch+json' },
      payload: { activeModules },
    });
    expect(res.statusCode).toBe(200);
  };
  await set(modules.filter((m) => !off.includes(m)));
  try {
    await body();
  } finally {
    await set(modules);
  }
}

describe('quick search', () => {
  it('finds devices by name or IMEI, locations, lessors and people the caller may read', async () => {
    const res = await search('manager', 'arena');
    expect(res.body.results.map((r) => [r.kind, r.title])).toEqual([
      ['location', 'Arena Centar — dječji kutak'],
      ['location', 'Arena Centar — galerija'],
      ['lessor', 'Arena Centar d.o.o.'],
    ]);
    const byImei = await search('manager', demoImei(5).slice(-6));
    expect(byImei.body.results.map((r) => r.kind).sort()).toEqual(['device', 'logger']);
    expect((await search('manager', 'horvat')).body.results).toMatchObject([
      { kind: 'user', title: 'Marko Horvat', detail: 'manager@zabavni.test' },
    ]);
    // A worker reads no lessors or users; another company finds nothing of this one.
    expect((await search('worker', 'arena')).body.results.map((r) => r.kind)).toEqual(['location', 'location']);
    expect((await search('otherManager', 'arena')).body.results).toEqual([]);
  });

  it('finds a device and its logger by any part of the IMEI, not only its end', async () => {
    const imei = demoImei(5);
    // The logger's own digits, without the check digit at the end.
    const middle = imei.slice(8, 14);
    const found = await search('manager', middle);
    expect(ofKind(found, 'device').some((r) => r.detail?.includes(imei))).toBe(true);
    expect(ofKind(found, 'logger').map((r) => r.title)).toContain(imei);
    expect((await search('otherManager', middle)).body.results.filter((r) => r.title === imei || r.detail?.includes(imei))).toEqual([]);
  });

  it('needs at least two characters, and treats wildcards as text', async () => {
    expect((await search('manager', 'a')).status).toBe(400);
    expect((await search('manager', '%%')).body.results).toEqual([]);
  });
});

describe('quick search of bills by a partial number', () => {
  it('reads the number, the premises or both as typed', () => {
    expect(partialBillNumber('4850')).toEqual({ number: 4850, premises: null });
    expect(partialBillNumber(' PP07 ')).toEqual({ number: null, premises: 'PP07' });
    expect(partialBillNumber('4850/pp07')).toEqual({ number: 4850, premises: 'pp07' });
    expect(partialBillNumber('4850/PP07/')).toEqual({ number: 4850, premises: 'PP07' });
    expect(partialBillNumber('arena centar')).toBeNull();
    expect(partialBillNumber('0')).toBeNull();
    expect(partialBillNumber('12.5')).toBeNull();
  });

  /** The newest five bills of the manager's company matching `where`, as the search should title them. */
  async function expected(where: ReturnType<typeof sql>) {
    const rows = await t.db
      .select({ number: bills.number, premises: bills.premises, isu: bills.isu })
      .from(bills)
      .where(and(eq(bills.companyId, ZABAVNI), where))
      .orderBy(desc(bills.issuedAt), desc(bills.id))
      .limit(5);
    return rows.map((r) => `${r.number}/${r.premises}/${r.isu}`);
  }

  it("finds a number in every sequence, a premises' bills and both together, newest first", async () => {
    // Seven premises, two ISUs at PP07, two years; the other company has the same numbers.
    await seedBills(ZABAVNI, [
      ...['PP01', 'PP02', 'PP03', 'PP04', 'PP05', 'PP06', 'PP07'].map((premises) => ({ premises, isu: '1', year: 2026, count: 14 })),
      { premises: 'PP07', isu: '2', year: 2026, count: 13 },
      { premises: 'PP07', isu: '1', year: 2025, count: 15 },
    ]);
    await seedBills(DRUGI, [{ premises: 'PP07', isu: '1', year: 2026, count: 15 }]);
    const common = { premises: 'PP07' };
    const number = 12;

    const byNumber = ofKind(await search('manager', String(number)), 'bill').map((r) => r.title);
    const numbers = await expected(sql`${bills.number} = ${number}`);
    expect(numbers).toHaveLength(5);
    expect(byNumber).toEqual(numbers);
    // 12/PP07/2 of 2026 was issued last of the 12s (the sequences' times interleave, PP07's ISU 2 last).
    expect(byNumber).toEqual(['12/PP07/2', '12/PP07/1', '12/PP06/1', '12/PP05/1', '12/PP04/1']);
    expect(byNumber.every((title) => title.startsWith(`${number}/`))).toBe(true);

    const byPremises = ofKind(await search('manager', common.premises.toLowerCase()), 'bill').map((r) => r.title);
    expect(byPremises).toEqual(await expected(sql`${bills.premises} = ${common.premises}`));
    expect(byPremises).toHaveLength(5);

    const both = ofKind(await search('manager', `${number}/${common.premises}`), 'bill');
    expect(both.map((r) => r.title)).toEqual(await expected(sql`${bills.number} = ${number} and ${bills.premises} = ${common.premises}`));
    // PP07's ISU 2 and 1 of 2026, then ISU 1 of 2025; 14 is not in ISU 2's sequence, 15 only in 2025's.
    expect(both.map((r) => r.title)).toEqual(['12/PP07/2', '12/PP07/1', '12/PP07/1']);
    expect(ofKind(await search('manager', '14/pp07'), 'bill').map((r) => r.title)).toEqual(['14/PP07/1', '14/PP07/1']);
    expect(ofKind(await search('manager', '15/PP07'), 'bill').map((r) => r.detail)).toEqual([expect.stringMatching(/2025/)]);
    expect(both[0]?.detail).toMatch(/ · /);

    // The full number, as before: that one bill's sequence.
    const full = both[0]?.title as string;
    expect(ofKind(await search('manager', full), 'bill').map((r) => r.title)).toContain(full);
    // Another company's bills never; a worker reads no bills; a company without the bills module finds none.
    const theirs = ofKind(await search('otherManager', String(number)), 'bill').map((r) => r.title);
    const [mine] = await t.db
      .select({ id: bills.id })
      .from(bills)
      .where(and(eq(bills.companyId, ZABAVNI), eq(bills.number, number)));
    const otherIds = ofKind(await search('otherManager', String(number)), 'bill').map((r) => r.id);
    expect(otherIds).not.toContain(mine?.id);
    expect(theirs.length).toBeLessThanOrEqual(5);
    expect(ofKind(await search('worker', String(number)), 'bill')).toEqual([]);
    await withoutModules(ZABAVNI, ['bills'], async () => {
      expect(ofKind(await search('manager', String(number)), 'bill')).toEqual([]);
      expect(ofKind(await search('accountant', common.premises), 'bill')).toEqual([]);
    });
    expect(ofKind(await search('accountant', common.premises), 'bill')).toHaveLength(5);
  });
});

describe('quick search of stock, tags and loyalty cards', () => {
  it("finds articles, repositories and tags by part of the name, only in the caller's company and with the stock module", async () => {
    const [article] = await t.db
      .insert(articles)
      .values({ companyId: ZABAVNI, name: 'Plišana žirafa XL', unit: 'pcs', supplier: 'Igračke d.o.o.' })
      .returning();
    const [repository] = await t.db.insert(repositories).values({ companyId: ZABAVNI, type: 'van', name: 'Kombi Dalmacija' }).returning();
    const [tag] = await t.db.insert(tags).values({ companyId: ZABAVNI, name: 'Ljetna sezona', colour: '#228be6' }).returning();
    // The other company has rows of the same names.
    await t.db.insert(articles).values({ companyId: DRUGI, name: 'Plišana žirafa XL', unit: 'pcs' });
    await t.db.insert(repositories).values({ companyId: DRUGI, type: 'van', name: 'Kombi Dalmacija' });
    await t.db.insert(tags).values({ companyId: DRUGI, name: 'Ljetna sezona', colour: '#228be6' });
    if (!article || !repository || !tag) throw new Error('not written');
    const part = (name: string) => name.slice(1, 7).toUpperCase();
    expect(ofKind(await search('manager', 'žirafa'), 'article')).toEqual([
      { kind: 'article', '@id': `/api/v2/articles/${article.id}`, id: article.id, title: 'Plišana žirafa XL', detail: 'Igračke d.o.o.' },
    ]);

    expect(ofKind(await search('manager', part(article.name)), 'article')).toContainEqual(
      expect.objectContaining({ id: article.id, title: article.name, '@id': `/api/v2/articles/${article.id}` }),
    );
    expect(ofKind(await search('manager', part(repository.name)), 'repository')).toContainEqual(
      expect.objectContaining({ id: repository.id, title: repository.name }),
    );
    expect(ofKind(await search('manager', part(tag.name)), 'tag')).toContainEqual(expect.objectContaining({ id: tag.id, title: tag.name }));
    // A worker reads articles too; another company never finds these rows.
    expect(ofKind(await search('worker', part(article.name)), 'article').map((r) => r.id)).toContain(article.id);
    for (const [q, kind, id] of [
      [part(article.name), 'article', article.id],
      [part(repository.name), 'repository', repository.id],
      [part(tag.name), 'tag', tag.id],
    ] as const) {
      expect(ofKind(await search('otherManager', q), kind).map((r) => r.id)).not.toContain(id);
    }
    // Without the stock module: no articles or repositories (tags belong to no module).
    await withoutModules(ZABAVNI, ['stock'], async () => {
      expect(ofKind(await search('manager', part(article.name)), 'article')).toEqual([]);
      expect(ofKind(await search('manager', part(repository.name)), 'repository')).toEqual([]);
      expect(ofKind(await search('manager', part(tag.name)), 'tag').map((r) => r.id)).toContain(tag.id);
    });
  });

  it('finds loyalty cards by part of the UID or number, for those who read cards in a company with the loyalty module', async () => {
    const owner = async (companyId: number) =>
      (await t.db.insert(loyaltyOwners).values({ companyId, name: 'Vlasnik', oib: '62940357120' }).returning())[0]?.id as number;
    const [card] = await t.db
      .insert(loyaltyCards)
      .values({ companyId: ZABAVNI, ownerId: await owner(ZABAVNI), uid: '04A1B2C3D4E5F6', number: '700123' })
      .returning();
    await t.db.insert(loyaltyCards).values({ companyId: DRUGI, ownerId: await owner(DRUGI), uid: '04A1B2C3D4E5F6', number: '700123' });
    if (!card) throw new Error('not written');
    const part = card.uid.slice(2, 10).toLowerCase();
    expect(ofKind(await search('manager', part), 'loyalty-card')).toContainEqual(
      expect.objectContaining({ id: card.id, title: card.uid, detail: card.number }),
    );
    expect(ofKind(await search('accountant', '0012'), 'loyalty-card').map((r) => r.id)).toEqual([card.id]);
    expect(ofKind(await search('worker', part), 'loyalty-card')).toEqual([]);
    expect(ofKind(await search('otherManager', part), 'loyalty-card').map((r) => r.id)).not.toContain(card.id);
    await withoutModules(ZABAVNI, ['loyalty'], async () => {
      expect(ofKind(await search('manager', part), 'loyalty-card')).toEqual([]);
    });
    expect(DRUGI).not.toBe(ZABAVNI);
  });
});
