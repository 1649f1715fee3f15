import { describe, expect, it, vi } from 'vitest';
import {
  type CompanyValues,
  companyValuesOf,
  createBodyOf,
  emptyCompanyValues,
  formErrorsOf,
  LAST_STEP,
  patchBodyOf,
  positionOf,
  stepOfField,
  stepValidator,
} from './company-form.ts';

// The API client pulls in i18next and the DOM; the wizard's rules need neither.
vi.mock('../../lib/api.ts', () => ({ ApiError: class ApiError extends Error {} }));

const en = () => 'en' as const;

const valid = (): CompanyValues => ({ ...emptyCompanyValues(), name: 'Vesela igra d.o.o.', oib: '69435151530', address: 'Riva 12, Split' });

describe('the company wizard steps', () => {
  it('knows first, between and last', () => {
    expect([0, 1, 2, 3].map(positionOf)).toEqual(['first', 'between', 'between', 'last']);
    expect(LAST_STEP).toBe(3);
  });

  it('step 1 needs name, OIB and address, with the contract messages', () => {
    const errors = stepValidator('create', 0, en)(emptyCompanyValues());
    expect(errors).toMatchObject({ name: 'This field is required.', address: 'This field is required.' });
    expect(errors.oib).toBe('Enter a valid OIB: 11 digits with a correct check digit.');
    expect(stepValidator('create', 0, en)(valid())).toEqual({});
  });

  it('step 1 checks each notification e-mail and shows the bad one on the tags input', () => {
    const errors = stepValidator('create', 0, en)({ ...valid(), notificationEmails: ['ok@firma.hr', 'not-an-address'] });
    expect(errors).toEqual({ notificationEmails: 'Enter a valid e-mail address. (not-an-address)' });
  });

  it('step 1 refuses an emptied money field or threshold rather than falling back to a default', () => {
    const errors = stepValidator('create', 0, en)({ ...valid(), tokenValueCents: null, offlineThresholdMinutes: '' });
    expect(errors).toEqual({ tokenValueCents: 'This field is required.', offlineThresholdMinutes: 'This field is required.' });
  });

  it('validates only its own fields: step 2 ignores an empty name', () => {
    expect(stepValidator('create', 1, en)(emptyCompanyValues())).toEqual({});
  });

  it('step 2 checks new loggers with the logger schema (Luhn IMEI, SIM format)', () => {
    const values = { ...valid(), newLoggers: [{ key: 'a', imei: '123456789012345', serial: '', simNumber: 'abc' }] };
    expect(stepValidator('create', 1, en)(values)).toEqual({
      'newLoggers.0.imei': 'Enter a valid IMEI: 15 digits with a correct check digit.',
      'newLoggers.0.simNumber': 'This value is not in the right format.',
    });
  });

  it('step 3 checks new users with the user schema; the role error sits on the role select', () => {
    const values = { ...valid(), newUsers: [{ key: 'u', name: 'Iva', surname: '', email: 'iva@', role: null, password: 'short' }] };
    expect(stepValidator('create', 2, en)(values)).toEqual({
      'newUsers.0.surname': 'This field is required.',
      'newUsers.0.email': 'Enter a valid e-mail address.',
      'newUsers.0.role': 'Choose at least 1.',
      'newUsers.0.password': 'The password must have 12 to 200 characters.',
    });
  });

  it('finds the step holding a field the server refused', () => {
    expect(stepOfField('oib')).toBe(0);
    expect(stepOfField('newLoggers.0.imei')).toBe(1);
    expect(stepOfField('newUsers.0.email')).toBe(2);
    expect(stepOfField('somethingElse')).toBe(LAST_STEP);
  });

  it('maps server paths to the fields on screen', () => {
    expect(formErrorsOf({ 'loggers.1': 'x', 'newUsers.0.roles.0': 'y' }, valid())).toEqual({ loggers: 'x', 'newUsers.0.role': 'y' });
  });
});

describe('the bodies the wizard sends', () => {
  it('a create sends the company, and the set-up lists only when something was added', () => {
    const body = createBodyOf({
      ...valid(),
      phone: ' ',
      activeModules: ['devices'],
      activeModuleComponents: ['devices.map', 'finance.ebitda'],
      newLoggers: [{ key: 'k', imei: '490154203237518', serial: '', simNumber: '' }],
    });
    expect(body).toMatchObject({
      name: 'Vesela igra d.o.o.',
      phone: null,
      activeModules: ['devices'],
      activeModuleComponents: ['devices.map'],
    });
    expect(body?.newLoggers).toEqual([{ imei: '490154203237518', serial: null, simNumber: null }]);
    expect(body).not.toHaveProperty('users');
    expect(body).not.toHaveProperty('newUsers');
  });

  it('an edit sends only what changed, plus the additions', () => {
    const company = {
      '@id': '/api/v2/companies/7',
      '@type': 'Company',
      id: 7,
      ...valid(),
      phone: null,
      email: null,
      operationalCostsCents: 100,
      offlineThresholdMinutes: 120,
      tokenValueCents: 100,
      depositToleranceCents: 0,
      cardCorrectionLimitCents: 20_000,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const initial = companyValuesOf(company);
    expect(patchBodyOf(initial, initial)).toEqual({});
    const changed = { ...initial, phone: '+385 1 234', users: ['/api/v2/users/3'] };
    expect(patchBodyOf(initial, changed)).toEqual({ phone: '+385 1 234', users: ['/api/v2/users/3'] });
  });
});
