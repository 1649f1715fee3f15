import { iri, type Movement, movementCreate } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { changeIn, emptyMovement, endsOf, movementFormErrors, movementInput, reversible } from './movement-values.ts';

const article = iri('articles', 1);
const warehouse = iri('repositories', 1);
const van = iri('repositories', 2);
const device = iri('devices', 7);

describe('the movement form', () => {
  it('sends only the fields each kind takes, its repository under the kind’s own name', () => {
    const base = { ...emptyMovement(), article, repository: warehouse, toRepository: van, device, quantity: 5 as const };
    const filled = { ...base, unitPriceCents: 120, supplier: ' Igračke Adria ', reason: 'Count', note: '' };
    expect(movementInput({ ...filled, kind: 'receipt' }, 'k1')).toEqual({
      kind: 'receipt',
      article,
      quantity: 5,
      toRepository: warehouse,
      unitPriceCents: 120,
      supplier: 'Igračke Adria',
      note: undefined,
      at: undefined,
      clientKey: 'k1',
    });
    expect(movementInput({ ...filled, kind: 'transfer' }, 'k1')).toMatchObject({ fromRepository: warehouse, toRepository: van });
    expect(movementInput({ ...filled, kind: 'issue' }, 'k1')).toMatchObject({ fromRepository: warehouse, device });
    expect(movementInput({ ...filled, kind: 'adjustment', quantity: -2 }, 'k1')).toMatchObject({ repository: warehouse, reason: 'Count' });
    for (const kind of ['receipt', 'transfer', 'issue', 'adjustment'] as const) {
      const parsed = movementCreate.safeParse(movementInput({ ...filled, kind }, 'k1'));
      expect(parsed.success, kind).toBe(true);
    }
  });

  it('leaves empty fields out, so the contract names what the kind still needs', () => {
    const parsed = movementCreate.safeParse(
      movementInput({ ...emptyMovement('transfer'), article, quantity: 1, repository: warehouse }, 'k'),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toEqual(['toRepository']);
  });

  it('a back-dated entry is a Zagreb day and time; without a time, the day’s start', () => {
    const v = { ...emptyMovement(), day: '2026-07-15', time: '08:30' };
    expect(movementInput(v, 'k').at).toBe('2026-07-15T06:30:00.000Z');
    expect(movementInput({ ...v, time: '' }, 'k').at).toBe('2026-07-14T22:00:00.000Z');
  });

  it('puts the API’s field errors on the form’s fields', () => {
    const errors = { fromRepository: 'Not enough', toRepository: 'Same', at: 'In the future', quantity: 'Too many' };
    expect(movementFormErrors(errors, 'transfer')).toEqual({
      repository: 'Not enough',
      toRepository: 'Same',
      day: 'In the future',
      quantity: 'Too many',
    });
    expect(movementFormErrors({ toRepository: 'Required' }, 'receipt')).toEqual({ repository: 'Required' });
    expect(movementFormErrors({ repository: 'Required' }, 'adjustment')).toEqual({ repository: 'Required' });
  });
});

const movement = (over: Partial<Movement>): Movement => ({
  '@id': iri('movements', 1),
  '@type': 'Movement',
  id: 1,
  company: iri('companies', 1),
  kind: 'transfer',
  article,
  articleName: 'Kapsula',
  unit: 'pcs',
  quantity: 5,
  fromRepository: warehouse,
  fromRepositoryName: 'Skladište',
  toRepository: van,
  toRepositoryName: 'Kombi',
  device: null,
  deviceName: null,
  unitPriceCents: 35,
  valueCents: 175,
  supplier: null,
  reason: null,
  note: null,
  at: '2026-07-15T06:30:00.000Z',
  createdAt: '2026-07-15T06:30:00.000Z',
  createdBy: null,
  createdByName: null,
  reverses: null,
  reversedBy: null,
  clientKey: null,
  ...over,
});

describe('a movement in a repository’s list', () => {
  it('counts into and out of the repository, an adjustment as counted', () => {
    expect(changeIn(movement({}), van)).toBe(5);
    expect(changeIn(movement({}), warehouse)).toBe(-5);
    expect(changeIn(movement({ kind: 'adjustment', quantity: -3, toRepository: null, fromRepository: warehouse }), warehouse)).toBe(-3);
  });

  it('names the supplier of a receipt and the device of an issue', () => {
    const receipt = movement({ kind: 'receipt', fromRepository: null, fromRepositoryName: null, supplier: 'Adria' });
    expect(endsOf(receipt)).toEqual({ from: 'Adria', to: 'Kombi' });
    const issue = movement({ kind: 'issue', toRepository: null, toRepositoryName: null, device, deviceName: 'Dizalica 3' });
    expect(endsOf(issue)).toEqual({ from: 'Skladište', to: 'Dizalica 3' });
    const back = movement({ kind: 'issue', fromRepository: null, fromRepositoryName: null, device, deviceName: 'Dizalica 3' });
    expect(endsOf(back)).toEqual({ from: 'Dizalica 3', to: 'Kombi' });
  });

  it('is reversed once, and neither a reversal nor an audit’s sale is reversed', () => {
    expect(reversible(movement({}))).toBe(true);
    expect(reversible(movement({ reversedBy: iri('movements', 2) }))).toBe(false);
    expect(reversible(movement({ reverses: iri('movements', 0) }))).toBe(false);
    expect(reversible(movement({ kind: 'sale' }))).toBe(false);
  });
});
