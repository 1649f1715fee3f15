import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en.json';
import hr from '../../i18n/hr.json';
import { emptyAccountInfo, emptyPersonalInfo, type Session } from '../../lib/session.ts';
import type { Filter } from './types.ts';
import { listScope } from './use-export.ts';
import { aboutLines } from './use-export-action.ts';

// A reference filter's value is read by its IRI: the location's name, as the API answers it.
vi.mock('../../lib/api.ts', () => ({
  apiRequest: vi.fn(async (path: string) => {
    if (path === '/locations/7') return { name: 'Riva — caffe bar' };
    throw new Error('404');
  }),
}));

/**
 * The lines a file made in the browser starts with (decision 0042): its period and every filter in
 * the user's words, the company with its OIB, who made it and when (Zagreb time).
 */
let t: Record<'en' | 'hr', TFunction>;
beforeAll(async () => {
  const make = async (lng: 'en' | 'hr', texts: Record<string, unknown>) => {
    const i = i18next.createInstance();
    await i.init({ lng, resources: { [lng]: { translation: texts } }, interpolation: { escapeValue: false } });
    return i.t.bind(i) as TFunction;
  };
  t = { en: await make('en', en), hr: await make('hr', hr) };
});

const filters: Filter[] = [
  { field: 'name', label: 'dataTable.aboutCompany', kind: 'text' },
  { field: 'at', label: 'dataTable.aboutPeriod', kind: 'date-range' },
  { field: 'type', label: 'dataTable.aboutReport', kind: 'select', options: [{ value: 'coin', label: 'dataTable.yes' }] },
  { field: 'test', label: 'dataTable.aboutMade', kind: 'boolean' },
  { field: 'location', label: 'dataTable.aboutFilters', kind: 'custom', render: () => null },
  { field: 'device', label: 'dataTable.aboutFilters', kind: 'custom', render: () => null },
];

describe('listScope', () => {
  it('the date range is the period; every other filter by its label and value in words, a reference by its name', async () => {
    const scope = await listScope(
      filters,
      { name: 'riva', 'at[after]': '2026-11-01', 'at[before]': '2026-11-30', type: 'coin', test: false, location: '/api/v2/locations/7' },
      t.hr,
    );
    expect(scope).toEqual({
      period: '01.11.2026 – 30.11.2026',
      filters: [
        { label: 'Tvrtka', value: 'sadrži „riva”' },
        { label: 'Izvještaj', value: 'Da' },
        { label: 'Izrađeno', value: 'Ne' },
        { label: 'Filtri', value: 'Riva — caffe bar' },
      ],
    });
  });

  it('no filter: no period and none listed; a reference it cannot read stays its id', async () => {
    expect(await listScope(filters, { page: 2 }, t.en)).toEqual({ period: null, filters: [] });
    const scope = await listScope(filters, { device: '/api/v2/devices/99' }, t.en);
    expect(scope.filters).toEqual([{ label: 'Filters', value: '/api/v2/devices/99' }]);
  });
});

describe('aboutLines', () => {
  const session: Session = {
    token: 'x',
    personalInfo: { ...emptyPersonalInfo, name: 'Ana', surname: 'Anić' },
    accountInfo: { ...emptyAccountInfo, role: 'manager', company_oib: '12345678903', company_api_endpoint: '/api/v2/companies/1' },
  };
  const company = async () => ({ name: 'Zabavni d.o.o.', oib: '12345678903' });

  it('company and OIB, report, period, filters, made at 00:01 in Zagreb by whom', async () => {
    const lines = await aboutLines(
      'Transakcije',
      { period: '01.11.2026 – 30.11.2026', filters: [{ label: 'Lokacija', value: 'Riva — caffe bar' }] },
      session,
      t.hr,
      company,
      new Date('2026-12-05T23:01:00Z'),
    );
    expect(lines).toEqual([
      ['Tvrtka', 'Zabavni d.o.o., OIB 12345678903'],
      ['Izvještaj', 'Transakcije'],
      ['Razdoblje', '01.11.2026 – 30.11.2026'],
      ['Filtri', 'Lokacija: Riva — caffe bar'],
      ['Izrađeno', '06.12.2026 00:01 (po zagrebačkom vremenu), Ana Anić'],
    ]);
  });

  it('a full list says so; the All Companies view names it (an admin: all companies)', async () => {
    const wide = { ...session, accountInfo: { ...session.accountInfo, isTopGun: true } };
    const lines = await aboutLines('Devices', { period: null, filters: [] }, wide, t.en, company);
    expect(lines.slice(0, 4)).toEqual([
      ['Company', 'Zabavni d.o.o., OIB 12345678903 and its subsidiaries'],
      ['Report', 'Devices'],
      ['Period', 'Every date'],
      ['Filters', 'None: every row'],
    ]);
    const admin = { ...wide, accountInfo: { ...wide.accountInfo, role: 'admin' as const } };
    expect((await aboutLines('Devices', { period: null, filters: [] }, admin, t.en, company))[0]).toEqual(['Company', 'All companies']);
  });
});
