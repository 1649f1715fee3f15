import type { Company } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { type DemoUser, mergePatch, testApp } from '../../testing/app.ts';

/**
 * Issue 15 §3: a company's settings (operational costs, token value, deposit tolerance, offline
 * threshold, notification toggles and addresses) are its managers' and the admins'; every other
 * field of the company stays the admins'. Walked for every role, with nothing changed on a refusal.
 */
const t = await testApp();
const idOf = async (name: string) => (await t.db.select().from(companies).where(eq(companies.name, name)))[0]?.id ?? 0;
const zabavni = await idOf('Zabavni automati d.o.o.');
const drugi = await idOf('Drugi automati j.d.o.o.');
const row = async (id: number) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0];
const patch = (user: DemoUser, id: number, body: Record<string, unknown>) =>
  t.json<Company>(user, { method: 'PATCH', url: `/api/v2/companies/${id}`, headers: mergePatch, payload: body });

const settings = {
  operationalCostsCents: 12_345,
  tokenValueCents: 150,
  depositToleranceCents: 300,
  offlineThresholdMinutes: 45,
  sendNotifications: true,
  sendDailyReports: false,
  sendDepositNotifications: true,
  sendDeviceEmptyEvents: false,
  sendUnverifiedDeposits: true,
  notificationEmails: ['ured@zabavni.test', 'racuni@zabavni.test'],
};

describe('company settings', () => {
  it('a manager changes every setting of their own company, and the answer and the row say so', async () => {
    const res = await patch('manager', zabavni, settings);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(settings);
    expect(await row(zabavni)).toMatchObject(settings);
  });

  it('an admin changes the settings of any company', async () => {
    const res = await patch('admin', drugi, { tokenValueCents: 80, sendNotifications: false });
    expect(res.status).toBe(200);
    expect(await row(drugi)).toMatchObject({ tokenValueCents: 80, sendNotifications: false });
  });

  it("a manager changes none of the company's other fields (name, OIB, modules, top-level flag), nothing written", async () => {
    const before = await row(zabavni);
    for (const body of [
      { name: 'Moja firma' },
      { oib: '94577403194' },
      { activeModules: ['devices'] },
      { isTopGun: false },
      { address: 'Nova 1' },
      { tokenValueCents: 1, name: 'Moja firma' },
    ]) {
      const res = await patch('manager', zabavni, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
    }
    expect(await row(zabavni)).toEqual(before);
  });

  it("another company's manager does not reach the company (404); accountants and workers are refused (403)", async () => {
    const before = await row(zabavni);
    expect((await patch('otherManager', zabavni, { tokenValueCents: 1 })).status).toBe(404);
    expect((await patch('accountant', zabavni, { tokenValueCents: 1 })).status).toBe(403);
    expect((await patch('worker', zabavni, { sendNotifications: false })).status).toBe(403);
    expect(await row(zabavni)).toEqual(before);
  });

  it("a top-level company's manager does not change a subsidiary's settings", async () => {
    const sub = await t.json<Company>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: {
        name: 'Podružnica d.o.o.',
        oib: '69435151530',
        address: 'Ilica 3',
        parent: `/api/v2/companies/${zabavni}`,
        activeModules: ['devices'],
      },
    });
    expect(sub.status).toBe(201);
    const id = Number(sub.body['@id'].split('/').pop());
    const res = await patch('manager', id, { tokenValueCents: 1 });
    expect(res.status).toBe(403);
    expect((await row(id))?.tokenValueCents).not.toBe(1);
  });

  it('refuses invalid settings with a 422 in the caller’s language, nothing written', async () => {
    const before = await row(zabavni);
    const res = await t.json<{ violations: { propertyPath: string; message: string }[] }>('manager', {
      method: 'PATCH',
      url: `/api/v2/companies/${zabavni}`,
      headers: { ...mergePatch, 'accept-language': 'hr' },
      payload: { offlineThresholdMinutes: 1, notificationEmails: ['not an address'] },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations.map((v) => v.propertyPath).sort()).toEqual(['notificationEmails.0', 'offlineThresholdMinutes']);
    expect(res.body.violations.find((v) => v.propertyPath === 'offlineThresholdMinutes')?.message).toMatch(/[čćšžđ]|najmanje|mora/i);
    expect(await row(zabavni)).toEqual(before);
  });
});
