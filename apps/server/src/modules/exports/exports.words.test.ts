import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIELD_DESCRIPTIONS, withDescribedTexts } from '@kovanica/contract';
import { describe, expect, it } from 'vitest';
import { listExports } from './exports.lists.ts';
import { EXPORT_WORDS } from './exports.words.ts';

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/i18n');
type Tree = { [key: string]: string | Tree };
const dictionary = (language: 'en' | 'hr') => ({
  ...(JSON.parse(readFileSync(path.join(web, `${language}.json`), 'utf8')) as Tree),
  ...(withDescribedTexts(JSON.parse(readFileSync(path.join(web, `${language}.resources.json`), 'utf8')), language) as Tree),
});
const at = (tree: Tree, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe('the words a list’s file writes', () => {
  // The lists on screen word a status or a kind from the web's dictionaries; the server's files from
  // EXPORT_WORDS. A text changed on one side only would make the file and the screen disagree.
  it.each(['en', 'hr'] as const)('are the lists’ own words, in %s', (language) => {
    const texts = dictionary(language);
    for (const [key, words] of Object.entries(EXPORT_WORDS)) {
      const screen = at(texts, key) as Record<string, string>;
      expect(Object.fromEntries(Object.entries(words).map(([value, word]) => [value, word[language]])), key).toEqual(screen);
    }
  });

  it('are used by a column of every list that stores such words', () => {
    const used = new Set(Object.values(listExports).flatMap((spec) => spec.columns.flatMap((c) => (c.words ? [c.words] : []))));
    // A described list the server does not export (the loggers') brings its words for the screen only.
    const screenOnly = (key: string) =>
      FIELD_DESCRIPTIONS.some(({ resource }) => !(resource in listExports) && key.startsWith(`resources.${resource}.`));
    expect([...used].sort()).toEqual(
      Object.keys(EXPORT_WORDS)
        .filter((key) => !screenOnly(key))
        .sort(),
    );
  });
});
