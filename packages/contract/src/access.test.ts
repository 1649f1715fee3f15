import { describe, expect, it } from 'vitest';
import { hasOwnWrites, mayWriteField, roles } from './access.ts';

describe('writeRules', () => {
  it('give users to the admin; everyone keeps their own name, phone, photo, language and password', () => {
    for (const role of roles) {
      for (const field of ['name', 'surname', 'phone', 'photo', 'language', 'password']) {
        expect(mayWriteField(role, 'users', 'update', field, true), `${role} own ${field}`).toBe(true);
        expect(mayWriteField(role, 'users', 'update', field, false), `${role} other's ${field}`).toBe(role === 'admin');
      }
      for (const field of ['email', 'roles', 'company', 'active']) {
        expect(mayWriteField(role, 'users', 'update', field, true), `${role} own ${field}`).toBe(false);
        expect(mayWriteField(role, 'users', 'update', field, false), `${role} other's ${field}`).toBe(role === 'admin');
      }
      expect(mayWriteField(role, 'users', 'create', 'password', false)).toBe(role === 'admin');
    }
    expect(hasOwnWrites('users')).toBe(true);
  });

  it('leave prices and fiscal data of devices to managers; workers place, name and tag them', () => {
    for (const field of ['playPriceCents', 'tokenValueCents', 'group', 'premisesLabel', 'isuNumber', 'fiscalize']) {
      expect(mayWriteField('worker', 'devices', 'update', field, false), field).toBe(false);
      expect(mayWriteField('manager', 'devices', 'update', field, false), field).toBe(true);
    }
    for (const field of ['name', 'location', 'tags', 'logger'])
      expect(mayWriteField('worker', 'devices', 'update', field, false)).toBe(true);
    expect(mayWriteField('accountant', 'devices', 'update', 'name', false)).toBe(false);
  });

  it('let a worker change only maintenance they performed, and not name someone else', () => {
    expect(mayWriteField('worker', 'maintenance', 'update', 'description', true)).toBe(true);
    expect(mayWriteField('worker', 'maintenance', 'update', 'description', false)).toBe(false);
    expect(mayWriteField('worker', 'maintenance', 'create', 'performedBy', false)).toBe(false);
    expect(mayWriteField('manager', 'maintenance', 'update', 'performedBy', false)).toBe(true);
    expect(hasOwnWrites('maintenance')).toBe(false); // workers hold maintenance.update: no gate to open
  });

  it('follow the permission for fields without a rule', () => {
    expect(mayWriteField('manager', 'locations', 'update', 'name', false)).toBe(true);
    expect(mayWriteField('worker', 'locations', 'update', 'name', false)).toBe(false);
    expect(mayWriteField('manager', 'companies', 'update', 'name', false)).toBe(false);
  });
});
