import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { can, permissions, rolePermissions } from './access.ts';
import { pickLanguage } from './languages.ts';
import { messages } from './messages.ts';
import { toViolations, zOib } from './validation.ts';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('messages', () => {
  it('exist in both languages with the same keys and placeholders', () => {
    expect(keys(messages.hr)).toEqual(keys(messages.en));
    for (const key of keys(messages.en)) {
      const get = (lang: 'en' | 'hr') =>
        key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], messages[lang]) as string;
      expect(get('hr').match(/\{\w+\}/g), key).toEqual(get('en').match(/\{\w+\}/g));
    }
  });

  it('picks the language from Accept-Language, English by default', () => {
    expect(pickLanguage('hr-HR,hr;q=0.9,en;q=0.8')).toBe('hr');
    expect(pickLanguage('de-DE,en;q=0.5')).toBe('en');
    expect(pickLanguage(undefined)).toBe('en');
  });

  it('words zod issues as violations with codes', () => {
    const schema = z.strictObject({ name: z.string().trim().min(1), oib: zOib(), count: z.number().int().max(5) });
    const input = { oib: '01234567890', count: 9 };
    const result = schema.safeParse(input);
    expect(toViolations(result.error?.issues ?? [], input, 'en')).toEqual([
      { propertyPath: 'name', code: 'required', message: 'This field is required.' },
      { propertyPath: 'oib', code: 'oib', message: 'Enter a valid OIB: 11 digits with a correct check digit.' },
      { propertyPath: 'count', code: 'max', message: 'The value must be at most 5.' },
    ]);
  });
});

describe('permissions', () => {
  it('gives admins everything and keeps the admin gate for admins', () => {
    expect(rolePermissions.admin.size).toBe(permissions.length);
    for (const role of ['manager', 'accountant', 'worker'] as const) {
      for (const resource of ['companies', 'users', 'cities']) {
        for (const action of ['create', 'update', 'delete']) expect(can(role, `${resource}.${action}` as never)).toBe(false);
      }
      expect(can(role, 'companies.read')).toBe(false);
      // Managers read their company's people (a location's responsible worker); nobody else does.
      expect(can(role, 'users.read')).toBe(role === 'manager');
    }
  });

  it('follows the roles of docs/rules.md "Tenancy, roles and modules"', () => {
    expect(can('worker', 'finance.read')).toBe(false);
    expect(can('worker', 'deposits.verify')).toBe(false);
    expect(can('worker', 'deposits.create')).toBe(true);
    expect(can('accountant', 'deposits.verify')).toBe(true);
    expect(can('accountant', 'devices.command')).toBe(false);
    expect(can('manager', 'deposits.verify')).toBe(true);
    expect(can(null, 'dashboard.read')).toBe(false);
  });
});
