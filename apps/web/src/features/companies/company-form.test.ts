import { alarmRulesOf } from '@kovanica/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  type CompanyValues,
  companyValuesOf,
  createBodyOf,
  emptyCompanyValues,
  formErrorsOf,
  LAST_STEP,
  missingOf,
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
    expect(stepValidator('create', 1, en)({ ...emptyCompanyValues(), activeModules: ['devices'] })).toEqual({});
  });

  it('step 2 needs at least one module, on create and on edit, with the contract message', () => {
    const message = 'Switch on at least one module: without one the company’s users see nothing.';
    expect(stepValidator('create', 1, en)(valid())).toEqual({ activeModules: message });
    expect(stepValidator('edit', 1, en)(valid())).toEqual({ activeModules: message });
    expect(stepValidator('create', 1, () => 'hr' as const)(valid()).activeModules).toBe(
      'Uključite barem jedan modul: bez njega korisnici tvrtke ne vide ništa.',
    );
  });

  it('step 3 of a new company needs a manager: a new user with that role, or an existing user moved to it', () => {
    const users = stepValidator('create', 2, en);
    const message = 'Add at least one user who runs the company: a new user with the manager role, or an existing user.';
    const newUser = {
      key: 'u',
      name: 'Iva',
      surname: 'Ivić',
      email: 'iva@firma.hr',
      role: 'manager' as const,
      password: 'dugacka-lozinka-1',
    };
    expect(users(valid())).toEqual({ newUsers: message });
    expect(users({ ...valid(), newUsers: [{ ...newUser, role: 'worker' }] })).toEqual({ newUsers: message });
    expect(users({ ...valid(), newUsers: [newUser] })).toEqual({});
    expect(users({ ...valid(), users: ['/api/v2/users/3'] })).toEqual({});
    // An edit adds users only when wanted: the company has its people already.
    expect(stepValidator('edit', 2, en)(valid())).toEqual({});
  });

  it('the final check lists each step that still lacks something, with its messages', () => {
    const validators = [0, 1, 2, 3].map((i) => stepValidator('create', i, en));
    expect(missingOf(validators, { ...valid(), name: '' })).toEqual([
      { step: 0, messages: ['This field is required.'] },
      { step: 1, messages: ['Switch on at least one module: without one the company’s users see nothing.'] },
      { step: 2, messages: ['Add at least one user who runs the company: a new user with the manager role, or an existing user.'] },
    ]);
    expect(missingOf(validators, { ...valid(), activeModules: ['devices'], users: ['/api/v2/users/3'] })).toEqual([]);
  });

  it('step 2 checks new loggers with the logger schema (Luhn IMEI, SIM format)', () => {
    const values = {
      ...valid(),
      activeModules: ['devices' as const],
      newLoggers: [{ key: 'a', imei: '123456789012345', serial: '', simNumber: 'abc' }],
    };
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
      newUsers: 'Add at least one user who runs the company: a new user with the manager role, or an existing user.',
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
      alarmRules: alarmRulesOf({}),
      alarmEscalationMinutes: 30,
      visitFillPercent: 80,
      visitFullWithinDays: 2,
      depotLatitude: null,
      depotLongitude: null,
      createdAt: '2026-01-01T00:00:00Z',
    };
    const initial = companyValuesOf(company);
    expect(patchBodyOf(initial, initial)).toEqual({});
    const changed = { ...initial, phone: '+385 1 234', users: ['/api/v2/users/3'] };
    expect(patchBodyOf(initial, changed)).toEqual({ phone: '+385 1 234', users: ['/api/v2/users/3'] });
  });
});
