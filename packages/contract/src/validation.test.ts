import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isCalendarDate, parseInstant } from './checks.ts';
import { lessorCreate } from './resources/lessors.ts';
import { toViolations } from './validation.ts';

const violationsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : toViolations(result.error.issues, input, 'en').map((v) => [v.propertyPath, v.code]);
};

describe('violations', () => {
  it('call an unchosen option required, and a wrong one a choice', () => {
    const schema = z.object({ group: z.enum(['monster', 'vending']) });
    expect(violationsOf(schema, {})).toEqual([['group', 'required']]);
    expect(violationsOf(schema, { group: '' })).toEqual([['group', 'required']]);
    expect(violationsOf(schema, { group: 'pinball' })).toEqual([['group', 'choice']]);
  });

  it('name the field of a cross-field rule', () => {
    const input = { name: 'X', oib: '02994650199', rentalType: 'fixed', contractStart: '2026-05-01', contractEnd: '2026-04-30' };
    expect(violationsOf(lessorCreate, input)).toEqual([['contractEnd', 'end_before_start']]);
    expect(violationsOf(lessorCreate, { ...input, contractEnd: '2026-05-01' })).toEqual([]);
  });
});

describe('dates', () => {
  it('are real days within 1900–2999, as JavaScript and PostgreSQL both read them', () => {
    for (const ok of ['2026-02-28', '2024-02-29', '1900-01-01', '2999-12-31']) expect(isCalendarDate(ok), ok).toBe(true);
    for (const bad of ['2026-02-30', '2025-02-29', '0000-01-01', '1899-12-31', '3000-01-01', '99999-01-01', '2026-1-1', '2026-13-01', ''])
      expect(isCalendarDate(bad), bad).toBe(false);
  });

  it('take instants only as ISO 8601 with an offset', () => {
    expect(parseInstant('2026-11-21T09:59:58Z')?.toISOString()).toBe('2026-11-21T09:59:58.000Z');
    expect(parseInstant('2026-11-21T10:59:58.5+01:00')?.toISOString()).toBe('2026-11-21T09:59:58.500Z');
    for (const bad of [
      '1',
      'March 7, 2026',
      '2026-11-21',
      '2026-11-21T09:59:58',
      '2026-02-30T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '2026-11-21T24:00:00Z',
    ])
      expect(parseInstant(bad), bad).toBeNull();
  });
});
