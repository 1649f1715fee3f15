import { withDescribedTexts } from '@kovanica/contract';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import enCore from '../i18n/en.json';
import enResources from '../i18n/en.resources.json';
import hrCore from '../i18n/hr.json';
import hrResources from '../i18n/hr.resources.json';
import { fieldLabel, fieldsInOrder, formatValue } from './audit-values.ts';

const i18n = createInstance();
await i18n.init({
  lng: 'en',
  resources: {
    en: { translation: { ...enCore, ...withDescribedTexts(enResources, 'en') } },
    hr: { translation: { ...hrCore, ...withDescribedTexts(hrResources, 'hr') } },
  },
});

describe('fieldLabel', () => {
  it('names a stored id, a resource’s field, a field of a resource with a namespace of its own, in both languages', () => {
    const en = i18n.getFixedT('en');
    const hr = i18n.getFixedT('hr');
    expect(fieldLabel(en, 'loyalty-cards', 'statusChangedById')).toBe('Status changed by');
    expect(fieldLabel(en, 'loyalty-cards', 'statusChangedAt')).toBe('Status changed at');
    expect(fieldLabel(en, 'loyalty-cards', 'companyId')).toBe('Company');
    expect(fieldLabel(hr, 'locations', 'lessorId')).toBe('Najmodavac');
    expect(fieldLabel(en, 'bills', 'issuedAt')).toBe('Issued at');
    expect(fieldLabel(hr, 'bills', 'issuedAt')).toBe('Izdano');
    expect(fieldLabel(hr, 'bills', 'vatBaseCents')).toBe('Osnovica PDV-a');
  });

  it('shows the stored name of a column it has no text for', () => {
    expect(fieldLabel(i18n.getFixedT('en'), 'bills', 'somethingNew')).toBe('somethingNew');
  });
});

describe('formatValue', () => {
  it('words a stored word of a fixed set in the user’s language, under the resource or its own namespace', () => {
    const hr = i18n.getFixedT('hr');
    expect(formatValue(hr, 'loyalty-cards', 'status', 'blocked')).toBe('Blokirana');
    expect(formatValue(hr, 'bills', 'kind', 'storno')).toBe(i18n.t('bills.kinds.storno', { lng: 'hr' }));
    expect(formatValue(hr, 'lessors', 'rentalType', 'fixed')).toBe(i18n.t('resources.lessors.rentalTypes.fixed', { lng: 'hr' }));
    expect(formatValue(hr, 'lessors', 'rentalType', 'fixed')).not.toBe('fixed');
    // A list of words: a user's roles (their texts are the app's own, `roles.accountant`).
    expect(formatValue(hr, 'users', 'roles', ['accountant'])).toBe('Računovođa');
    expect(formatValue(i18n.getFixedT('en'), 'users', 'roles', ['manager', 'worker'])).toBe('Manager, Field worker');
  });

  it('leaves free text, unknown words and numbers as they are', () => {
    const en = i18n.getFixedT('en');
    expect(formatValue(en, 'loyalty-cards', 'statusReason', 'Lost at the park')).toBe('Lost at the park');
    expect(formatValue(en, 'loyalty-cards', 'number', 'ZK-100063')).toBe('ZK-100063');
    expect(formatValue(en, 'loyalty-cards', 'id', 7)).toBe('7');
    expect(formatValue(en, 'loyalty-cards', 'status', null)).toBe('–');
  });

  it('names another record by the name the entry carries, else by its number', () => {
    const en = i18n.getFixedT('en');
    const hr = i18n.getFixedT('hr');
    const names = { companyId: { '1': 'Zabavni automati d.o.o.' }, tagIds: { '4': 'Outdoor' } };
    expect(formatValue(en, 'locations', 'companyId', 1, names)).toBe('Zabavni automati d.o.o.');
    expect(formatValue(en, 'locations', 'companyId', 2, names)).toBe('no. 2');
    expect(formatValue(hr, 'deposits', 'verifiedById', 9)).toBe('br. 9');
    expect(formatValue(en, 'locations', 'tagIds', [4, 5], names)).toBe('Outdoor, no. 5');
    expect(formatValue(en, 'locations', 'tagIds', [], names)).toBe('–');
    // A number that is not another record's stays a number.
    expect(formatValue(en, 'movements', 'reversesId', 3, names)).toBe('3');
  });

  it('shows a time and a calendar day as the app writes them', () => {
    const en = i18n.getFixedT('en');
    expect(formatValue(en, 'lessors', 'contractStart', '2024-03-01')).toBe('01.03.2024');
    expect(formatValue(en, 'deposits', 'verifiedAt', '2026-11-24T11:30:00.000Z')).toBe('24.11.2026 12:30');
  });

  it('orders an entry’s fields: those with a value first, in their stored order, the record’s id last', () => {
    const after = { id: 7, isu: '90', jir: null, oib: '02994650199', note: '', kind: 'manual' };
    expect(fieldsInOrder({}, after)).toEqual(['isu', 'oib', 'kind', 'jir', 'note', 'id']);
    // A field emptied by an update has a value before: it stays among the first.
    expect(fieldsInOrder({ note: 'x', seq: null }, { note: null, seq: null })).toEqual(['note', 'seq']);
  });
});
