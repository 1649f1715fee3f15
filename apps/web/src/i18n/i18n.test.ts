import { describe, expect, it } from 'vitest';
import enCore from './en.json';
import enResources from './en.resources.json';
import hrCore from './hr.json';
import hrResources from './hr.resources.json';

// A language's dictionary is its core (the first paint) and its resources' texts (the signed-in app).
const en = { ...enCore, ...enResources };
const hr = { ...hrCore, ...hrResources };

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

  it('translations keep the same placeholders', () => {
    expect(placeholders(hr)).toEqual(placeholders(en));
  });
});
