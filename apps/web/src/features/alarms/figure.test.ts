import { alarmFieldsDescription, alarmKinds, alarmsCollection, type FieldSpec, withDescribedTexts } from '@kovanica/contract';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCore from '../../i18n/en.json';
import enResources from '../../i18n/en.resources.json';
import hrCore from '../../i18n/hr.json';
import hrResources from '../../i18n/hr.resources.json';
import { alarmFigureText, formatMinutes } from './figure.ts';

// A language's dictionary is its core and its resources' texts, with the labels and words the contract describes.
const en = { ...enCore, ...withDescribedTexts(enResources, 'en') };
const hr = { ...hrCore, ...withDescribedTexts(hrResources, 'hr') };

describe("an alarm's figure in words", () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en: { translation: en }, hr: { translation: hr } }, lng: 'en', initAsync: false });
  const say = (lng: string, kind: string, figure: number | null, code: string | null = null) =>
    alarmFigureText({ kind, figure, code } as Parameters<typeof alarmFigureText>[0], i18n.getFixedT(lng));

  it('writes a span of minutes in days, hours and minutes', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(200)).toBe('3 h 20 min');
    expect(formatMinutes(3 * 1_440 + 185)).toBe('3 d 3 h');
    expect(formatMinutes(1_440)).toBe('1 d');
  });

  it('says each kind in its unit, in English', () => {
    expect(say('en', 'device_critical', null, 'E31')).toBe('E31');
    expect(say('en', 'machine_event', 2, 'EGS, EJJ')).toBe('EGS, EJJ');
    expect(say('en', 'device_offline', 200)).toBe('offline 3 h 20 min');
    expect(say('en', 'cash_box_full', 90)).toBe('90 % full');
    expect(say('en', 'prize_stock_low', 8)).toBe('8 prizes left');
    expect(say('en', 'prize_stock_low', 1)).toBe('1 prize left');
    expect(say('en', 'deposit_difference', 1250)).toBe('difference 12,50 €');
    expect(say('en', 'bill_deadline', 30)).toBe('waiting 30 h');
    expect(say('en', 'lessor_contract_ending', 10)).toBe('ends in 10 days');
    expect(say('en', 'lessor_contract_ending', 0)).toBe('ends today');
    expect(say('en', 'lessor_contract_ending', -3)).toBe('ended 3 days ago');
    expect(say('en', 'lessor_contract_ending', -1)).toBe('ended 1 day ago');
    expect(say('en', 'cash_box_full', null)).toBeNull();
  });

  it('says them in Croatian, in the right case', () => {
    expect(say('hr', 'device_offline', 200)).toBe('izvan mreže 3 h 20 min');
    expect(say('hr', 'cash_box_full', 90)).toBe('popunjena 90 %');
    expect(say('hr', 'prize_stock_low', 1)).toBe('još 1 nagrada');
    expect(say('hr', 'prize_stock_low', 3)).toBe('još 3 nagrade');
    expect(say('hr', 'prize_stock_low', 8)).toBe('još 8 nagrada');
    expect(say('hr', 'lessor_contract_ending', 21)).toBe('ističe za 21 dan');
    expect(say('hr', 'lessor_contract_ending', -3)).toBe('istekao prije 3 dana');
    expect(say('hr', 'bill_deadline', 30)).toBe('čeka 30 h');
  });
});

describe("the alarms' description", () => {
  const fields = Object.entries<FieldSpec>(alarmFieldsDescription.fields);

  it('filters and sorts by what the collection takes', () => {
    for (const [field, spec] of fields) {
      if (spec.filter) expect(alarmsCollection.filters[field], field).toBe(spec.filter);
      if (spec.column?.sort) expect(alarmsCollection.order, field).toContain(field);
    }
  });

  it('has the words of every kind and status', () => {
    expect(Object.keys(alarmFieldsDescription.words.kinds ?? {})).toEqual([...alarmKinds]);
    expect(Object.keys(alarmFieldsDescription.words.statuses ?? {})).toEqual(['open', 'acknowledged', 'resolved']);
  });
});
