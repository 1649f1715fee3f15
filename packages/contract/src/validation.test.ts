import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
