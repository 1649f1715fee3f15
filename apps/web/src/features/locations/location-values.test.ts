import { locationCreate } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { closesAfterMidnight, normalizeTime, pastedCoordinates, toCreateInput, valuesOf } from './location-values.ts';

describe('location form values', () => {
  it('reads a pasted coordinate with a decimal comma or point, and a latitude and longitude pasted together', () => {
    expect(pastedCoordinates('45,8150')).toEqual({ value: 45.815 });
    expect(pastedCoordinates(' 15.9819 ')).toEqual({ value: 15.9819 });
    expect(pastedCoordinates('-0,5')).toEqual({ value: -0.5 });
    expect(pastedCoordinates('44.8666, 13.8496')).toEqual({ latitude: 44.8666, longitude: 13.8496 });
    expect(pastedCoordinates('44.8666,13.8496')).toEqual({ latitude: 44.8666, longitude: 13.8496 });
    expect(pastedCoordinates('44,8666; 13,8496')).toEqual({ latitude: 44.8666, longitude: 13.8496 });
    expect(pastedCoordinates('44,8666 13,8496')).toEqual({ latitude: 44.8666, longitude: 13.8496 });
    expect(pastedCoordinates('45°48′54″ N')).toBeNull();
    expect(pastedCoordinates('')).toBeNull();
  });

  it('makes a loosely typed time whole', () => {
    expect(normalizeTime('8')).toBe('08:00');
    expect(normalizeTime('830')).toBe('08:30');
    expect(normalizeTime('0200')).toBe('02:00');
    expect(normalizeTime('9:15')).toBe('09:15');
    expect(normalizeTime('21.45')).toBe('21:45');
    expect(normalizeTime(' 20:00 ')).toBe('20:00');
    // Not a time: left for the validator to name.
    expect(normalizeTime('8:5')).toBe('8:5');
  });

  it('knows a closing time before the opening time is after midnight', () => {
    expect(closesAfterMidnight({ open: true, start: '09:00', end: '02:00' })).toBe(true);
    expect(closesAfterMidnight({ open: true, start: '08:00', end: '20:00' })).toBe(false);
    expect(closesAfterMidnight({ open: true, start: '09:00', end: '' })).toBe(false);
  });

  it('sends closed days as null and empty texts and coordinates as null', () => {
    const values = valuesOf();
    values.name = ' Arena ';
    values.city = '/api/v2/cities/1';
    values.workingHours.sun = { open: false, start: '10:00', end: '18:00' };
    values.workingHours.sat = { open: true, start: '09:00', end: '02:00' };
    values.latitude = '45.8';
    const body = locationCreate.parse(toCreateInput(values));
    expect(body.name).toBe('Arena');
    expect(body.workingHours?.sun).toBeNull();
    expect(body.workingHours?.sat).toEqual({ start: '09:00', end: '02:00' });
    expect(body.description).toBeNull();
    expect(body.latitude).toBe(45.8);
    expect(body.longitude).toBeNull();
    expect(body).not.toHaveProperty('company');
  });

  it('refuses a day that opens and closes at the same time, on that day', () => {
    const values = valuesOf();
    values.name = 'X';
    values.city = '/api/v2/cities/1';
    values.workingHours.tue = { open: true, start: '10:00', end: '10:00' };
    const result = locationCreate.safeParse(toCreateInput(values));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['workingHours.tue.end']);
  });
});
