import { createPrivateKey } from 'node:crypto';
import {
  type Bill,
  type BillComparison,
  businessDate,
  type FiscalCertificate,
  type FiscalEcho,
  type FiscalSettings,
  type Location,
  type SearchAnswer,
  VIEW_HEADER,
} from '@kovanica/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, bills, companies, fiscalCertificates } from '../../db/schema/index.ts';
import { DEMO_ISTRA_OIB, DEMO_ZABAVNI_OIB, demoAccounts } from '../../demo/seed.ts';
import { openPrivateKey } from '../../fiscal/certificates.ts';
import { startCisSimulator } from '../../fiscal/cis-simulator.ts';
import { makeDemoCa, makeFiscalCertificate } from '../../fiscal/fiscal-certificates.ts';
import { computeZki } from '../../fiscal/zki.ts';
import { FISCAL_TEST_SECRET, mergePatch, testApp } from '../../testing/app.ts';
import {
  createDeviceWithLogger,
  createLocation,
  createUser,
  type EventInput,
  firstOf,
  sendEvents,
  standsSince,
} from '../../testing/fixtures.ts';

const cis = await startCisSimulator({ keyFor: async () => null });
afterAll(() => cis.close());
const t = await testApp({ simulatedCis: cis });
const [zabavni] = await t.db.select().from(companies).where(eq(companies.oib, DEMO_ZABAVNI_OIB));
const [istra] = await t.db.select().from(companies).where(eq(companies.oib, DEMO_ISTRA_OIB));
const [drugi] = await t.db.select().from(companies).where(eq(companies.name, 'Drugi automati j.d.o.o.'));
if (!zabavni || !istra || !drugi) throw new Error('demo companies missing');
const ca = makeDemoCa();
const p12Of = (company: { oib: string; name: string }, options: Parameters<typeof makeFiscalCertificate>[2] = {}) => {
  const made = makeFiscalCertificate(ca, company, { bits: 1024, ...options });
  return { p12: made.p12.toString('base64'), password: made.password };
};

const manual = (payload: Record<string, unknown>, user = 'manager') =>
  t.json<Bill & { violations?: { propertyPath: string; code: string }[] }>(user, {
    method: 'POST',
    url: '/api/v2/bills',
    payload: { premises: 'PP09', isu: '5', totalCents: 2500, payment: 'G', ...payload },
  });
const storno = (bill: Bill | { '@id': string }, user = 'manager') =>
  t.json<Bill & { detail?: string; type?: string }>(user, {
    method: 'POST',
    url: `${bill['@id']}/storno`,
    payload: { note: 'wrong amount' },
  });

describe('a manual bill', () => {
  it('is numbered in its own premises and device sequence, its VAT and ZKI computed, due at once', async () => {
    const first = await manual({ note: 'Birthday party' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      kind: 'manual',
      number: '1/PP09/5',
      totalCents: 2500,
      vatRate: 25,
      vatBaseCents: 2000,
      vatCents: 500,
      payment: 'G',
      status: 'unfiscalized',
      note: 'Birthday party',
      device: null,
    });
    const second = await manual({ totalCents: 1130, vatRate: 13, payment: 'K' }, 'accountant');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ number: '2/PP09/5', vatRate: 13, vatBaseCents: 1000, vatCents: 130 });
    const [row] = await t.db.select().from(bills).where(eq(bills.id, first.body.id));
    const [certificate] = await t.db
      .select()
      .from(fiscalCertificates)
      .where(eq(fiscalCertificates.id, row?.certificateId ?? 0));
    const key = createPrivateKey(openPrivateKey(certificate?.privateKeySealed ?? '', FISCAL_TEST_SECRET));
    expect(row?.zki).toBe(
      computeZki({ oib: DEMO_ZABAVNI_OIB, issuedAt: row?.issuedAt as Date, number: 1, premises: 'PP09', isu: '5', totalCents: 2500 }, key),
    );
    expect(row?.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses bad input in the user’s language, VAT for a company outside the VAT system, and workers', async () => {
    const bad = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('manager', {
      method: 'POST',
      url: '/api/v2/bills',
      headers: { 'accept-language': 'hr' },
      payload: { premises: 'PP 9', isu: '05', totalCents: 0, payment: 'X' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations.map((v) => [v.propertyPath, v.code])).toEqual([
      ['premises', 'premises_label'],
      ['isu', 'isu_number'],
      ['totalCents', 'min'],
      ['payment', 'choice'],
    ]);
    expect(bad.body.violations[0]?.message).toBe('Upišite oznaku poslovnog prostora: od 1 do 20 slova i znamenki.');
    expect((await manual({}, 'worker')).status).toBe(403);

    await t.db.update(companies).set({ inVatSystem: false }).where(eq(companies.id, istra.id));
    const noVat = await manual({ company: `/api/v2/companies/${istra.id}`, vatRate: 25 }, 'admin');
    expect(noVat.status).toBe(422);
    expect(noVat.body.violations?.[0]).toMatchObject({ propertyPath: 'vatRate', code: 'vat_not_applicable' });
    const plain = await manual({ company: `/api/v2/companies/${istra.id}` }, 'admin');
    expect(plain.body).toMatchObject({ inVatSystem: false, vatRate: null, vatBaseCents: null, vatCents: null });
    await t.db.update(companies).set({ inVatSystem: true }).where(eq(companies.id, istra.id));
  });

  it('needs a certificate valid now', async () => {
    await t.db.update(fiscalCertificates).set({ active: false }).where(eq(fiscalCertificates.companyId, istra.id));
    const none = await t.json<{ type: string }>('admin', {
      method: 'POST',
      url: '/api/v2/bills',
      payload: { company: `/api/v2/companies/${istra.id}`, premises: 'PP01', isu: '1', totalCents: 100, payment: 'G' },
    });
    expect(none.status).toBe(409);
    expect(none.body.type).toBe('/api/v2/problems/no_certificate');
    const [latest] = await t.db.select().from(fiscalCertificates).where(eq(fiscalCertificates.companyId, istra.id));
    await t.db
      .update(fiscalCertificates)
      .set({ active: true })
      .where(eq(fiscalCertificates.id, latest?.id ?? 0));
  });
});

describe('the operator’s OIB and the device number', () => {
  it('names the person who issued a bill by hand, and refuses one without an OIB in their language', async () => {
    const bill = (await manual({ premises: 'OP1', isu: '2' })).body;
    expect(bill.operatorOib).toBe(demoAccounts.manager.oib);
    const cancelled = (await storno(bill, 'accountant')).body;
    expect(cancelled.operatorOib).toBe(demoAccounts.accountant.oib);
    const [row] = await t.db.select().from(bills).where(eq(bills.id, cancelled.id));
    expect(row).toMatchObject({ oib: DEMO_ZABAVNI_OIB, operatorOib: demoAccounts.accountant.oib });

    // A manager without an OIB issues nothing, and takes no number.
    const person = await createUser(t, { roles: ['manager'], company: `/api/v2/companies/${zabavni.id}` });
    const refused = await t.json<{ status: number; type: string; detail: string }>(person.email, {
      method: 'POST',
      url: '/api/v2/bills',
      payload: { premises: 'OP1', isu: '2', totalCents: 100, payment: 'G' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.type).toBe('/api/v2/problems/operator_oib_missing');
    expect(refused.body.detail).toMatch(/^Your OIB is not set/);
    const hr = await t.json<{ detail: string }>(person.email, {
      method: 'POST',
      url: '/api/v2/bills',
      headers: { 'accept-language': 'hr' },
      payload: { premises: 'OP1', isu: '2', totalCents: 100, payment: 'G' },
    });
    expect(hr.body.detail).toMatch(/^Vaš OIB nije upisan/);
    const another = (await manual({ premises: 'OP1', isu: '2' })).body;
    expect((await storno(another, person.email)).status).toBe(422);

    // They set it on their own profile (a wrong one is refused), then issue: the next number, theirs.
    const own = (oib: string) =>
      t.json<{ oib?: string; violations?: { propertyPath: string; code: string }[] }>(person.email, {
        method: 'PATCH',
        url: `/api/v2/users/${person.id}`,
        headers: mergePatch,
        payload: { oib },
      });
    expect((await own('12345678900')).body.violations).toMatchObject([{ propertyPath: 'oib', code: 'oib' }]);
    expect((await own('12345678903')).body.oib).toBe('12345678903');
    const issued = await manual({ premises: 'OP1', isu: '2', totalCents: 100 }, person.email);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ number: `${another.sequence + 1}/OP1/2`, operatorOib: '12345678903' });
    // A manager cannot set another user's OIB; an admin can.
    const patchOib = (user: string, oib: string | null) =>
      t.as(user, { method: 'PATCH', url: `/api/v2/users/${person.id}`, headers: mergePatch, payload: { oib } });
    expect((await patchOib('manager', '62940357120')).statusCode).toBe(403);
    expect((await patchOib('admin', null)).statusCode).toBe(200);
  });

  it('takes device (ISU) numbers of up to 20 digits, in the form, the bills filter and the quick search', async () => {
    const isu = '12345678901234567890';
    const long = await manual({ premises: 'LONG1', isu });
    expect(long.status).toBe(201);
    expect(long.body.number).toBe(`1/LONG1/${isu}`);
    const tooLong = await manual({ premises: 'LONG1', isu: `${isu}1` });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.violations).toMatchObject([{ propertyPath: 'isu', code: 'isu_number' }]);
    const found = await t.json<{ member: Bill[] }>('manager', { url: `/api/v2/bills?number=${encodeURIComponent(long.body.number)}` });
    expect(found.body.member.map((b) => b.id)).toEqual([long.body.id]);
    expect((await t.as('manager', { url: `/api/v2/bills?number=${encodeURIComponent(`1/LONG1/${isu}1`)}` })).statusCode).toBe(400);
    const searched = await t.json<SearchAnswer>('manager', { url: `/api/v2/search?q=${encodeURIComponent(long.body.number)}` });
    expect(searched.body.results.filter((r) => r.kind === 'bill').map((r) => r.id)).toEqual([long.body.id]);
  });
});

describe('a storno', () => {
  it('cancels a bill once with its negative, its own number, and the two point at each other', async () => {
    const original = (await manual({ totalCents: 999, vatRate: 5 })).body;
    const cancelled = await storno(original);
    expect(cancelled.status).toBe(201);
    expect(cancelled.body).toMatchObject({
      kind: 'storno',
      totalCents: -999,
      vatRate: 5,
      vatBaseCents: -(original.vatBaseCents ?? 0),
      vatCents: -(original.vatCents ?? 0),
      premises: 'PP09',
      isu: '5',
      stornoOf: original['@id'],
      note: 'wrong amount',
    });
    expect(cancelled.body.sequence).toBe(original.sequence + 1);
    expect((await t.json<Bill>('manager', { url: original['@id'] })).body.cancelledBy).toBe(cancelled.body['@id']);

    const again = await storno(original);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`This bill was already cancelled by the storno bill ${cancelled.body.number}.`);
    expect((await storno(cancelled.body)).body.type).toBe('/api/v2/problems/storno_of_storno');
  });

  it('is issued once when two users cancel the same bill at the same moment', async () => {
    const original = (await manual({ totalCents: 300 })).body;
    const answers = await Promise.all([storno(original, 'manager'), storno(original, 'accountant')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(bills).where(eq(bills.stornoOfId, original.id))).toHaveLength(1);
  });

  it('reaches only the caller’s companies (a subsidiary’s for its parent’s manager) and needs bills.create', async () => {
    const istraBill = (await manual({ company: `/api/v2/companies/${istra.id}`, premises: 'IS1', isu: '3' }, 'admin')).body;
    expect((await storno(istraBill, 'worker')).status).toBe(403);
    expect((await storno(istraBill, 'manager')).status).toBe(201);
    const [certificate] = await t.db.select().from(fiscalCertificates).limit(1);
    const [drugiBill] = await t.db
      .insert(bills)
      .values({
        companyId: drugi.id,
        kind: 'manual',
        issuedAt: new Date(),
        year: 2026,
        number: 1,
        premises: 'DR1',
        isu: '1',
        totalCents: 100,
        inVatSystem: true,
        payment: 'G',
        oib: drugi.oib,
        operatorOib: drugi.oib,
        zki: '0'.repeat(32),
        certificateId: certificate?.id ?? 0,
      })
      .returning();
    expect((await storno({ '@id': `/api/v2/bills/${drugiBill?.id}` }, 'manager')).status).toBe(404);
    expect((await t.json('manager', { method: 'POST', url: '/api/v2/bills/99999999/storno', payload: {} })).status).toBe(404);
  });
});

describe('send again', () => {
  it('makes the chosen unfiscalized bills of the caller’s view due now, or all of them', async () => {
    const bill = (await manual({ totalCents: 700 })).body;
    const later = new Date(Date.now() + 3600_000);
    await t.db.update(bills).set({ nextAttemptAt: later }).where(eq(bills.companyId, zabavni.id));
    const chosen = await t.json<{ queued: number }>('accountant', {
      method: 'POST',
      url: '/api/v2/bills/send',
      payload: { bills: [bill['@id']] },
    });
    expect(chosen.body).toEqual({ queued: 1 });
    const [row] = await t.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(row?.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());

    const unfiscalized = await t.db.$count(bills, and(eq(bills.companyId, zabavni.id), eq(bills.kind, 'manual')));
    const all = await t.json<{ queued: number }>('manager', { method: 'POST', url: '/api/v2/bills/send', payload: {} });
    expect(all.body.queued).toBeGreaterThanOrEqual(1);
    expect(all.body.queued).toBeLessThanOrEqual(unfiscalized + 10);
    // Another company's bill is not the manager's to send (nor the subsidiary's outside the My Company view).
    const istraBill = (await t.db.select().from(bills).where(eq(bills.companyId, istra.id)))[0];
    const other = await t.json<{ queued: number }>('manager', {
      method: 'POST',
      url: '/api/v2/bills/send',
      payload: { bills: [`/api/v2/bills/${istraBill?.id}`] },
    });
    expect(other.body).toEqual({ queued: 0 });
    expect((await t.json('worker', { method: 'POST', url: '/api/v2/bills/send', payload: {} })).status).toBe(403);
    expect((await t.json('manager', { method: 'POST', url: '/api/v2/bills/send', payload: { bills: [] } })).status).toBe(422);
  });
});

/** The newest line of a company's fiscal settings in the audit trail. */
async function lastFiscalChange(companyId: number) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource, 'fiscal-settings'), eq(auditLog.recordId, companyId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe('fiscal certificates', () => {
  const upload = (payload: Record<string, unknown>, user = 'manager') =>
    t.json<FiscalCertificate & { violations?: { propertyPath: string; code: string; message: string }[] }>(user, {
      method: 'POST',
      url: '/api/v2/fiscal-certificates',
      payload,
    });

  it('takes a .p12 of the company’s OIB, valid now, as the active one and keeps the old one', async () => {
    const [before] = await t.db
      .select()
      .from(fiscalCertificates)
      .where(and(eq(fiscalCertificates.companyId, zabavni.id), eq(fiscalCertificates.active, true)));
    const res = await upload(p12Of(zabavni, { validTo: new Date(Date.now() + 10 * 86_400_000) }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      oib: DEMO_ZABAVNI_OIB,
      active: true,
      expiresSoon: true,
      expired: false,
      uploadedByName: 'manager@zabavni.test',
    });
    expect(JSON.stringify(res.body)).not.toMatch(/PRIVATE KEY|privateKey|sealed/i);
    const list = await t.json<{ member: FiscalCertificate[] }>('manager', { url: '/api/v2/fiscal-certificates' });
    expect(list.body.member.map((c) => [c.id, c.active])).toEqual([
      [res.body.id, true],
      [before?.id, false],
    ]);
    // New bills are signed with it.
    const bill = (await manual({ totalCents: 100 })).body;
    const [row] = await t.db.select().from(bills).where(eq(bills.id, bill.id));
    expect(row?.certificateId).toBe(res.body.id);
    const settings = await t.json<FiscalSettings>('manager', { url: `/api/v2/fiscal-settings/${zabavni.id}` });
    expect(settings.body.certificate?.id).toBe(res.body.id);
    // The upload is a line of the company's fiscal settings in the audit trail: who, and which certificate replaced which.
    expect(await lastFiscalChange(zabavni.id)).toMatchObject({
      action: 'update',
      actor: 'manager@zabavni.test',
      companyId: zabavni.id,
      before: { certificateSerial: before?.serial },
      after: { certificateSerial: res.body.serial },
    });
  });

  it('refuses a wrong password, a file that is no .p12, another OIB and an expired certificate, changing nothing', async () => {
    const count = await t.db.$count(fiscalCertificates);
    const good = p12Of(zabavni);
    const refusals = [
      [{ ...good, password: 'wrong' }, 'password', 'certificate_file'],
      [{ p12: Buffer.from('not a certificate').toString('base64'), password: 'x' }, 'p12', 'certificate_file'],
      [p12Of({ oib: DEMO_ISTRA_OIB, name: 'Istra' }), 'p12', 'certificate_oib'],
      [
        p12Of(zabavni, { validFrom: new Date(Date.now() - 400 * 86_400_000), validTo: new Date(Date.now() - 86_400_000) }),
        'p12',
        'certificate_expired',
      ],
      [{ p12: '***', password: 'x' }, 'p12', 'certificate_file'],
    ] as const;
    for (const [payload, field, code] of refusals) {
      const res = await upload(payload);
      expect(res.status, code).toBe(422);
      expect(res.body.violations?.[0], code).toMatchObject({ propertyPath: field, code });
    }
    const oib = await upload(p12Of({ oib: DEMO_ISTRA_OIB, name: 'Istra' }));
    expect(oib.body.violations?.[0]?.message).toBe(
      `The certificate is issued to OIB ${DEMO_ISTRA_OIB}, not to the company (${DEMO_ZABAVNI_OIB}).`,
    );
    expect(await t.db.$count(fiscalCertificates)).toBe(count);
    const trail = await t.db.$count(auditLog);
    expect((await upload(good, 'accountant')).status).toBe(403);
    expect((await upload({ ...good, company: `/api/v2/companies/${istra.id}` })).status).toBe(422);
    expect(await t.db.$count(auditLog)).toBe(trail);
  });
});

describe('fiscal settings', () => {
  it('are the managers’ and admins’: environment, signature, CIS trust; a PEM is checked', async () => {
    const url = `/api/v2/fiscal-settings/${zabavni.id}`;
    const patch = (payload: Record<string, unknown>, user = 'manager') =>
      t.json<FiscalSettings & { violations?: { code: string }[] }>(user, { method: 'PATCH', url, headers: mergePatch, payload });
    const changed = await patch({ signatureAlgorithm: 'rsa-sha256' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ environment: 'simulated', signatureAlgorithm: 'rsa-sha256', oib: DEMO_ZABAVNI_OIB });
    // In the audit trail with the field that changed, and only that.
    expect(await lastFiscalChange(zabavni.id)).toMatchObject({
      action: 'update',
      actor: 'manager@zabavni.test',
      before: { signatureAlgorithm: 'rsa-sha1' },
      after: { signatureAlgorithm: 'rsa-sha256' },
    });
    expect(Object.keys((await lastFiscalChange(zabavni.id))?.after ?? {})).toEqual(['signatureAlgorithm']);
    const pem = await patch({ caBundle: 'not a certificate' });
    expect(pem.status).toBe(422);
    expect(pem.body.violations?.[0]?.code).toBe('pem');
    expect((await patch({ environment: 'test' }, 'accountant')).status).toBe(403);
    expect((await t.json('worker', { url })).status).toBe(403);
    expect((await t.json('manager', { url: `/api/v2/fiscal-settings/${drugi.id}` })).status).toBe(404);
    await patch({ signatureAlgorithm: 'rsa-sha1' });
  });

  it('sign with RSA-SHA1 towards CIS: RSA-SHA256 is the simulated CIS’s only', async () => {
    const url = `/api/v2/fiscal-settings/${istra.id}`;
    const patch = (payload: Record<string, unknown>, lang = 'en') =>
      t.json<FiscalSettings & { violations?: { propertyPath: string; code: string; message: string }[] }>('admin', {
        method: 'PATCH',
        url,
        headers: { ...mergePatch, 'accept-language': lang },
        payload,
      });
    const refused = await patch({ environment: 'test', signatureAlgorithm: 'rsa-sha256' }, 'hr');
    expect(refused.status).toBe(422);
    expect(refused.body.violations).toMatchObject([{ propertyPath: 'signatureAlgorithm', code: 'signature_simulated_only' }]);
    expect(refused.body.violations?.[0]?.message).toMatch(/^RSA-SHA256 je samo za simulirani CIS/);
    // On the test service, RSA-SHA256 alone is refused too.
    expect((await patch({ environment: 'test' })).status).toBe(200);
    expect((await patch({ signatureAlgorithm: 'rsa-sha256' })).status).toBe(422);
    expect((await patch({ environment: 'simulated', signatureAlgorithm: 'rsa-sha256' })).body.signatureAlgorithm).toBe('rsa-sha256');
    // Back to a real environment: RSA-SHA1 again, by itself.
    expect((await patch({ environment: 'test' })).body).toMatchObject({ environment: 'test', signatureAlgorithm: 'rsa-sha1' });
  });

  it('check the connection with an EchoRequest to the company’s environment', async () => {
    const echo = () => t.json<FiscalEcho>('manager', { method: 'POST', url: `/api/v2/fiscal-settings/${zabavni.id}/echo` });
    const up = await echo();
    expect(up.body).toMatchObject({ ok: true, environment: 'simulated', url: cis.url, error: null });
    cis.switches.mode = 'refuse';
    const refused = await echo();
    expect(refused.body.ok).toBe(false);
    expect(refused.body.error).toMatch(/^network/);
    cis.switches.mode = 'up';
  });
});

describe('the simulated CIS’s switches', () => {
  it('are the admins’ to read and change', async () => {
    const patch = (payload: Record<string, unknown>, user = 'admin') =>
      t.json<Record<string, unknown>>(user, { method: 'PATCH', url: '/api/v2/cis-simulator', headers: mergePatch, payload });
    const set = await patch({ mode: 'slow', slowMs: 2500, forcedError: 's004' });
    expect(set.body).toMatchObject({ mode: 'slow', slowMs: 2500, forcedError: 's004', duplicates: 'new-jir', url: cis.url });
    expect(cis.switches).toMatchObject({ mode: 'slow', forcedError: 's004' });
    expect((await patch({ mode: 'up' }, 'manager')).status).toBe(403);
    expect((await patch({ mode: 'sideways' })).status).toBe(422);
    await patch({ mode: 'up', forcedError: null });
    expect(cis.switches).toMatchObject({ mode: 'up', forcedError: null });
  });
});

describe('the transactions-vs-bills comparison', () => {
  it('matches each payment with its bill per device and day, and lists the mismatches', async () => {
    const home = await firstOf<Location>(t, '/api/v2/locations?name=Riva — caffe');
    const { device, logger } = await createDeviceWithLogger(t, { location: home['@id'], isuNumber: '777' });
    // Yesterday around noon in Zagreb: every payment on one business day whenever the test runs (at
    // 00:20 in Zagreb, minutes ago fell on two days, and the UTC date was not the business day). The
    // devices stand at their locations from three days ago, so yesterday's payments are billed there.
    const today = businessDate(Date.now() - 86_400_000);
    const minutesAgo = (m: number) => new Date(Date.parse(`${today}T11:00:00Z`) - m * 60_000).toISOString();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await standsSince(t, [device], threeDaysAgo);
    await sendEvents(t, logger, [
      { seq: 1, at: minutesAgo(30), type: 'coin', valueCents: 100, count: 2 },
      { seq: 2, at: minutesAgo(20), type: 'cashless', valueCents: 400 },
      { seq: 3, at: minutesAgo(10), type: 'token', count: 1 },
    ] as EventInput[]);
    await t.db
      .update(bills)
      .set({ jir: crypto.randomUUID() })
      .where(and(eq(bills.deviceId, device.id), eq(bills.seq, 1)));
    const compare = (query: string, user = 'accountant') =>
      t.json<BillComparison>(user, { url: `/api/v2/bill-comparison?from=${today}&to=${today}&${query}` });
    const mine = await compare(`device=${device['@id']}`);
    expect(mine.status).toBe(200);
    expect(mine.body.rows).toEqual([
      expect.objectContaining({
        device: device['@id'],
        payments: 2,
        paymentsCents: 600,
        bills: 2,
        billsCents: 600,
        fiscalized: 1,
        fiscalizedCents: 200,
        unbilled: 0,
        unfiscalized: 1,
      }),
    ]);
    // A payment the device took while its bills could not be issued (no ISU number) has none.
    await t.json('manager', { method: 'PATCH', url: device['@id'], headers: mergePatch, payload: { isuNumber: null } });
    await sendEvents(t, logger, [{ seq: 4, at: minutesAgo(5), type: 'note', valueCents: 500 }] as EventInput[]);
    const after = await compare(`device=${device['@id']}&mismatches=true`);
    expect(after.body.rows[0]).toMatchObject({ payments: 3, paymentsCents: 1100, bills: 2, unbilled: 1 });
    expect(after.body.totals).toMatchObject({ payments: 3, unbilled: 1, unfiscalized: 1 });

    const long = await t.json<{ violations: { code: string }[] }>('manager', {
      url: '/api/v2/bill-comparison?from=2026-01-01&to=2026-03-01',
    });
    expect(long.status).toBe(422);
    expect(long.body.violations[0]?.code).toBe('range_too_long');
    expect((await t.json('manager', { url: `/api/v2/bill-comparison?from=${today}&to=${today}&device=x` })).status).toBe(400);
    expect((await t.json('worker', { url: `/api/v2/bill-comparison?from=${today}&to=${today}` })).status).toBe(403);
    // Another company's device compares nothing for a manager.
    const other = await compare(`company=/api/v2/companies/${drugi.id}`, 'manager');
    expect(other.body.rows).toEqual([]);
    // A company without the bills module fiscalizes elsewhere: its payments are not compared.
    const drugiLocation = await createLocation(t, { fiscalization: true }, 'otherManager');
    const drugiDevice = await createDeviceWithLogger(t, { location: drugiLocation['@id'], isuNumber: '3' }, 'otherManager');
    await standsSince(t, [drugiDevice.device], threeDaysAgo);
    await sendEvents(t, drugiDevice.logger, [{ seq: 1, at: minutesAgo(5), type: 'coin', valueCents: 100, count: 1 }] as EventInput[]);
    const withoutModule = await t.json<BillComparison>('admin', {
      url: `/api/v2/bill-comparison?from=${today}&to=${today}&device=${drugiDevice.device['@id']}`,
      headers: { [VIEW_HEADER]: 'all' },
    });
    expect(withoutModule.status).toBe(200);
    expect(withoutModule.body.rows).toEqual([]);
  });
});

describe('quick search', () => {
  it('finds a bill by its number as printed, its JIR or its ZKI, whole; nothing by a part', async () => {
    const bill = (await manual({ premises: 'QS1', isu: '4', totalCents: 1234 })).body;
    const jir = crypto.randomUUID();
    await t.db.update(bills).set({ jir }).where(eq(bills.id, bill.id));
    const search = async (q: string, user = 'accountant') =>
      (
        await t.json<{ results: { kind: string; '@id': string; title: string }[] }>(user, {
          url: `/api/v2/search?q=${encodeURIComponent(q)}`,
        })
      ).body.results.filter((r) => r.kind === 'bill');
    for (const q of [bill.number, jir.toUpperCase(), bill.zki]) {
      expect(
        (await search(q)).map((r) => [r['@id'], r.title]),
        q,
      ).toEqual([[bill['@id'], bill.number]]);
    }
    expect(await search(bill.zki.slice(0, 10))).toEqual([]);
    expect(await search(bill.number, 'worker')).toEqual([]);
  });
});
