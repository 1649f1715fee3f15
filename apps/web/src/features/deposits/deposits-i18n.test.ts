import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import enCore from '../../i18n/en.json';
import enResources from '../../i18n/en.resources.json';
import hrCore from '../../i18n/hr.json';
import hrResources from '../../i18n/hr.resources.json';

// A language's dictionary is its core (the first paint) and its resources' texts (the signed-in app).
const en = { ...enCore, ...enResources };
const hr = { ...hrCore, ...hrResources };

/** The bulk question names the count (original §8); Croatian has three plural forms, English two. */
describe('the verification question', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ resources: { en: { translation: en }, hr: { translation: hr } }, lng: 'en', initAsync: false });
  const ask = (lng: string, count: number) => i18n.getFixedT(lng)('resources.deposits.verify.confirmMany', { count });

  it('says the count in English', () => {
    expect(ask('en', 1)).toBe('Are you sure you want to verify 1 deposit?');
    expect(ask('en', 3)).toBe('Are you sure you want to verify 3 deposits?');
  });

  it('says the count in Croatian, in the right case', () => {
    expect(ask('hr', 1)).toBe('Jeste li sigurni da želite ovjeriti 1 polog?');
    expect(ask('hr', 3)).toBe('Jeste li sigurni da želite ovjeriti 3 pologa?');
    expect(ask('hr', 5)).toBe('Jeste li sigurni da želite ovjeriti 5 pologa?');
    expect(ask('hr', 21)).toBe('Jeste li sigurni da želite ovjeriti 21 polog?');
  });

  it('keeps the single question and the notices word for word', () => {
    const t = (lng: string, key: string) => i18n.getFixedT(lng)(`resources.deposits.${key}`);
    expect(t('en', 'verify.confirmOne')).toBe('Are you sure you want to verify this deposit?');
    expect(t('hr', 'verify.confirmOne')).toBe('Jeste li sigurni da želite ovjeriti ovaj polog?');
    expect(t('en', 'report.done')).toBe('Report created successfully.');
    expect(t('hr', 'report.done')).toBe('Izvještaj je uspješno kreiran.');
    expect(t('en', 'verify.done')).toBe('Verification successful.');
    expect(t('hr', 'verify.done')).toBe('Ovjera je uspješna.');
  });
});
