import { FIELD_DESCRIPTIONS, fieldTexts, withDescribedTexts } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import enCore from './en.json';
import enResources from './en.resources.json';
import hrCore from './hr.json';
import hrResources from './hr.resources.json';

// A language's dictionary is its core (the first paint) and its resources' texts (the signed-in app),
// with the labels and words of the fields the contract describes.
const en = { ...enCore, ...withDescribedTexts(enResources, 'en') };
const hr = { ...hrCore, ...withDescribedTexts(hrResources, 'hr') };

/** Every leaf path of a dictionary, e.g. `menu.dashboard`. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

/** Leaves whose text is missing or not a string. */
function emptyLeaves(value: unknown, prefix = ''): string[] {
  return keyPaths(value, prefix).filter((path) => {
    const leaf = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], value);
    return typeof leaf !== 'string' || leaf.trim() === '';
  });
}

/** The {{placeholders}} a text uses, so a translation cannot drop or rename one. */
function placeholders(dict: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const path of keyPaths(dict)) {
    const leaf = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dict);
    out[path] = [...String(leaf).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
  }
  return out;
}

describe('i18n dictionaries', () => {
  it('English and Croatian have the same key tree', () => {
    expect(keyPaths(hr).sort()).toEqual(keyPaths(en).sort());
  });

  it('every text is filled in', () => {
    expect(emptyLeaves(en)).toEqual([]);
    expect(emptyLeaves(hr)).toEqual([]);
  });

  it("a language's two parts share no top-level key: the app adds them to one bundle side by side", () => {
    for (const [core, resources] of [
      [enCore, enResources],
      [hrCore, hrResources],
    ]) {
      expect(Object.keys(core).filter((key) => key in resources)).toEqual([]);
    }
  });

  it("a described field's label and its set's words are the contract's alone, not the dictionary's too", () => {
    for (const [resources, language] of [
      [enResources, 'en'],
      [hrResources, 'hr'],
    ] as const) {
      const own = (resources as { resources: Record<string, Record<string, unknown>> }).resources;
      const described = fieldTexts(FIELD_DESCRIPTIONS, language).resources as Record<string, Record<string, unknown>>;
      for (const [name, texts] of Object.entries(described)) {
        expect(
          Object.keys(texts).filter((key) => key in (own[name] ?? {})),
          name,
        ).toEqual([]);
      }
    }
  });

  it('translations keep the same placeholders', () => {
    expect(placeholders(hr)).toEqual(placeholders(en));
  });

  /**
   * A count that a word follows ("Write {{count}} cards") declines with the number: such a text has
   * its plural forms (`_one`, `_few`, `_other`: Croatian has three, English keeps the same keys). A
   * count after a label ("Rows read: {{count}}"), in parentheses or before a unit's abbreviation
   * reads the same for any number.
   */
  it('texts whose words follow a count have their plural forms, in both languages', () => {
    const declines = (text: string) => /\{\{count\}\} (?!min\b|of\b|od\b|or\b|ili\b)\p{L}/u.test(text);
    for (const dict of [en, hr]) {
      const texts = Object.fromEntries(
        keyPaths(dict).map((path) => [
          path,
          String(path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dict)),
        ]),
      );
      const unpluralised = Object.keys(texts).filter((path) => declines(texts[path] ?? '') && !/_(one|few|other)$/.test(path));
      expect(unpluralised).toEqual([]);
      const plural = Object.keys(texts).filter((path) => /_(one|few|other)$/.test(path));
      const stems = new Set(plural.map((path) => path.replace(/_(one|few|other)$/, '')));
      for (const stem of stems)
        expect(
          ['one', 'few', 'other'].map((form) => `${stem}_${form}` in texts),
          stem,
        ).toEqual([true, true, true]);
    }
  });
});
