import type { Collection, Company } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { demo, mergePatch, testApp } from '../../testing/app.ts';
import { createCompany, createLogger } from '../../testing/fixtures.ts';

const t = await testApp();
const all = { 'x-kovanica-view': 'all' };
const names = (c: Collection<Company>) => c.member.map((m) => m.name);

describe('companies', () => {
  it('validates the OIB check digit and keeps OIBs unique', async () => {
    const bad = await t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Test d.o.o.', oib: '01234567890', address: 'Ilica 1', activeModules: ['devices'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.violations[0]).toMatchObject({ propertyPath: 'oib', code: 'oib' });
    const dup = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Test d.o.o.', oib: '98765432198', address: 'Ilica 1', activeModules: ['devices'] },
    });
    expect(dup.body.violations[0]?.code).toBe('unique');
  });

  it('refuses a company without a module, and a patch switching the last one off, in both languages', async () => {
    type Violations = { violations: { propertyPath: string; code: string; message: string }[] };
    const post = (payload: Record<string, unknown>, lang = 'en') =>
      t.json<Violations>('admin', { method: 'POST', url: '/api/v2/companies', headers: { 'accept-language': lang }, payload });
    const base = { name: 'Bez modula d.o.o.', oib: '77123450187', address: 'Ilica 4' };
    for (const payload of [base, { ...base, activeModules: [] }]) {
      const en = await post(payload);
      expect(en.status).toBe(422);
      expect(en.body.violations).toEqual([
        {
          propertyPath: 'activeModules',
          code: 'module_required',
          message: 'Switch on at least one module: without one the company’s users see nothing.',
        },
      ]);
    }
    const hr = await post({ ...base, activeModules: [] }, 'hr');
    expect(hr.body.violations[0]?.message).toBe('Uključite barem jedan modul: bez njega korisnici tvrtke ne vide ništa.');
    expect((await t.json<Collection<Company>>('admin', { url: '/api/v2/companies?oib=77123450187', headers: all })).body.totalItems).toBe(
      0,
    );

    const off = await t.json<Violations>('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/2',
      headers: mergePatch,
      payload: { activeModules: [] },
    });
    expect(off.status).toBe(422);
    expect(off.body.violations[0]).toMatchObject({ propertyPath: 'activeModules', code: 'module_required' });
    expect((await t.json<Company>('admin', { url: '/api/v2/companies/2' })).body.activeModules.length).toBeGreaterThan(0);
  });

  it('creates a subsidiary only under a top-level company', async () => {
    const notTop = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Sub d.o.o.', oib: '77123450187', address: 'Ilica 2', parent: '/api/v2/companies/3', activeModules: ['devices'] },
    });
    expect(notTop.body.violations[0]?.code).toBe('parent_not_top');
    const ok = await t.json<Company>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: { name: 'Sub d.o.o.', oib: '77123450187', address: 'Ilica 2', parent: '/api/v2/companies/1', activeModules: ['devices'] },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ parent: '/api/v2/companies/1', activeModules: ['devices'], isTopGun: false, sendNotifications: true });
    const self = await t.json<{ violations: { code: string }[] }>('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/1',
      headers: mergePatch,
      payload: { parent: '/api/v2/companies/1' },
    });
    expect(self.body.violations[0]?.code).toBe('self_parent');
    expect((await t.as('admin', { method: 'DELETE', url: ok.body['@id'] })).statusCode).toBe(204);
  });

  it('refuses a parent below the company (a circle), in both languages', async () => {
    const topLevel = async (name: string, oib: string, parent: string | null) => {
      const res = await t.json<Company>('admin', {
        method: 'POST',
        url: '/api/v2/companies',
        payload: { name, oib, address: 'Ilica 3', isTopGun: true, parent, activeModules: ['devices'] },
      });
      expect(res.status).toBe(201);
      return res.body['@id'];
    };
    // A top-level company may itself sit under company 1; then company 1 may not go under it.
    const holding = await topLevel('Holding d.o.o.', '33392020586', '/api/v2/companies/1');
    const circle = (lang: string) =>
      t.json<{ violations: { propertyPath: string; code: string; message: string }[] }>('admin', {
        method: 'PATCH',
        url: '/api/v2/companies/1',
        headers: { ...mergePatch, 'accept-language': lang },
        payload: { parent: holding },
      });
    const en = await circle('en');
    expect(en.status).toBe(422);
    expect(en.body.violations).toEqual([
      { propertyPath: 'parent', code: 'parent_cycle', message: 'A company cannot be placed under its own subsidiary.' },
    ]);
    expect((await circle('hr')).body.violations[0]?.message).toBe('Tvrtka ne može biti podređena vlastitoj podređenoj tvrtki.');
    expect((await t.json<Company>('admin', { url: '/api/v2/companies/1' })).body.parent).toBeNull();

    // A top-level company outside the chain is a valid parent.
    const other = await topLevel('Druga grupa d.o.o.', '44492020585', null);
    const moved = await t.json<Company>('admin', { method: 'PATCH', url: holding, headers: mergePatch, payload: { parent: other } });
    expect(moved.status).toBe(200);
    expect(moved.body.parent).toBe(other);
    for (const url of [holding, other]) expect((await t.as('admin', { method: 'DELETE', url })).statusCode).toBe(204);
  });

  it('follows the view: My Company, or All Companies where allowed', async () => {
    const sub = await createCompany(t, { name: 'Sub d.o.o.', parent: '/api/v2/companies/1' });
    expect(names((await t.json<Collection<Company>>('manager', { url: '/api/v2/companies' })).body)).toEqual(['Zabavni automati d.o.o.']);
    // A top-level manager's wide view is their company and its subsidiaries.
    expect(names((await t.json<Collection<Company>>('manager', { url: '/api/v2/companies', headers: all })).body)).toEqual([
      'Sub d.o.o.',
      'Zabavni automati d.o.o.',
      'Zabavni automati Istra d.o.o.',
    ]);
    // Anyone else asking for the wide view still gets their own company.
    expect(names((await t.json<Collection<Company>>('otherManager', { url: '/api/v2/companies', headers: all })).body)).toEqual([
      'Drugi automati j.d.o.o.',
    ]);
    const everyCompany = (await t.db.select({ id: companies.id }).from(companies)).length;
    expect((await t.json<Collection<Company>>('admin', { url: '/api/v2/companies', headers: all })).body.totalItems).toBe(everyCompany);
    // The legacy app's list-my: a company and its subsidiaries.
    const group = await t.json<Collection<Company>>('admin', { url: '/api/v2/companies?group=/api/v2/companies/1', headers: all });
    expect(names(group.body)).toEqual(['Sub d.o.o.', 'Zabavni automati d.o.o.', 'Zabavni automati Istra d.o.o.']);
    expect((await t.as('admin', { url: '/api/v2/companies?group=x1' })).statusCode).toBe(400);
    expect((await t.as('otherManager', { url: '/api/v2/companies/1' })).statusCode).toBe(404);
    expect((await t.as('manager', { url: '/api/v2/companies/2' })).statusCode).toBe(200);
    expect((await t.as('admin', { method: 'DELETE', url: sub['@id'] })).statusCode).toBe(204);
  });

  it('refuses to delete a company others depend on, naming them', async () => {
    const res = await t.json('admin', { method: 'DELETE', url: '/api/v2/companies/3' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('This item is still in use: users: 1, lessors: 2, locations: 2, loggers: 4, devices: 4, tags: 1.');
    const hr = await t.json('admin', { method: 'DELETE', url: '/api/v2/companies/2', headers: { 'accept-language': 'hr' } });
    expect(hr.status).toBe(409);
    expect(hr.body.detail).toContain('lokacije: 2');
    // One that nothing depends on goes.
    const sub = await createCompany(t, { parent: '/api/v2/companies/1' });
    expect((await t.as('admin', { method: 'DELETE', url: sub['@id'] })).statusCode).toBe(204);
  });

  it('will not drop the top-level flag while subsidiaries exist', async () => {
    const sub = await createCompany(t, { name: 'Sub2', parent: '/api/v2/companies/1' });
    const res = await t.json<{ violations: { propertyPath: string }[] }>('admin', {
      method: 'PATCH',
      url: '/api/v2/companies/1',
      headers: mergePatch,
      payload: { isTopGun: false },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]?.propertyPath).toBe('isTopGun');
    expect((await t.as('admin', { method: 'DELETE', url: sub['@id'] })).statusCode).toBe(204);
  });
});

describe('the company wizard, in one request', () => {
  const newLogger = { imei: '358240051111110', serial: 'W-1' };
  const newUser = { email: 'vlasnik@novi.test', name: 'Nova', surname: 'Vlasnica', roles: ['manager'], password: 'dugacka-lozinka-1' };

  it('creates the company with its new loggers and users, and shows the credentials once', async () => {
    const res = await t.json<Company>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: {
        name: 'Novi automati d.o.o.',
        oib: '69435151530',
        address: 'Ilica 9',
        activeModules: ['devices'],
        newLoggers: [newLogger],
        newUsers: [newUser],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.issuedCredentials).toHaveLength(1);
    expect(res.body.issuedCredentials?.[0]).toMatchObject({ imei: newLogger.imei, credential: expect.stringMatching(/^kvl_/) });
    const users = await t.json<Collection<{ email: string; company: string }>>('admin', {
      url: `/api/v2/users?company=${res.body.id}`,
      headers: all,
    });
    expect(users.body.member.map((u) => u.email)).toEqual([newUser.email]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authentication_token',
      payload: { email: newUser.email, password: newUser.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await t.json<Company>('admin', { url: res.body['@id'] })).body.issuedCredentials).toBeUndefined();
  });

  it('stores nothing when any part is invalid', async () => {
    const res = await t.json<{ violations: { propertyPath: string; code: string }[] }>('admin', {
      method: 'POST',
      url: '/api/v2/companies',
      payload: {
        name: 'Pola d.o.o.',
        oib: '51012213593',
        address: 'Ilica 10',
        activeModules: ['devices'],
        newLoggers: [{ imei: '358240052222221' }],
        // The e-mail is taken (a demo user's): the whole wizard is refused.
        newUsers: [{ ...newUser, email: demo.manager, name: 'Druga' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.violations[0]).toMatchObject({ propertyPath: 'newUsers.0.email', code: 'unique' });
    expect((await t.json<Collection<Company>>('admin', { url: '/api/v2/companies?oib=51012213593', headers: all })).body.totalItems).toBe(
      0,
    );
    const loggers = await t.json<Collection<{ imei: string }>>('admin', { url: '/api/v2/loggers?imei=358240052222221', headers: all });
    expect(loggers.body.totalItems).toBe(0);
  });

  it('attaches existing spare loggers and users on edit, but never a fitted logger', async () => {
    const novi = await createCompany(t, { activeModules: ['devices'] });
    const spare = await createLogger(t, {}, 'admin');
    const fitted = (
      await t.json<Collection<{ '@id': string; device: string | null }>>('admin', { url: '/api/v2/loggers?company=1' })
    ).body.member.find((l) => l.device !== null);
    const refused = await t.json<{ violations: { propertyPath: string; code: string }[] }>('admin', {
      method: 'PATCH',
      url: novi['@id'],
      headers: mergePatch,
      payload: { loggers: [spare['@id'], fitted?.['@id']] },
    });
    expect(refused.body.violations[0]).toMatchObject({ propertyPath: 'loggers.1', code: 'logger_taken' });
    const ok = await t.json<Company>('admin', {
      method: 'PATCH',
      url: novi['@id'],
      headers: mergePatch,
      payload: { loggers: [spare['@id']] },
    });
    expect(ok.status).toBe(200);
    const moved = await t.json<{ company: string }>('admin', { url: spare['@id'] });
    expect(moved.body.company).toBe(novi['@id']);
  });
});
