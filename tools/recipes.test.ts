import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The recipes (docs/recipes/) cite real files: every path they give in backticks (`apps/…/x.ts`, a
 * folder ending in `/`) must exist, so a file moved or renamed fails here until its recipe follows.
 * Paths with a placeholder (`<name>`, `00NN`, `*`) are patterns, not files, and are left alone.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(root, 'docs/recipes');
const recipes = readdirSync(dir)
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .sort();

/** Repository paths in backticks: a known top folder, then segments of a file name, no placeholder. */
const cited = (text: string) =>
  [...text.matchAll(/`((?:apps|packages|docs|tools|bench)\/[\w./$-]+)`/g)].map((m) => m[1] ?? '').filter((p) => !/NN/.test(p));

describe('docs/recipes', () => {
  it('lists every recipe in its README, and only those', () => {
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const linked = [...readme.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => m[1]).sort();
    expect(linked).toEqual(recipes);
  });

  it.each(recipes)('%s names only files that exist', (recipe) => {
    const paths = cited(readFileSync(path.join(dir, recipe), 'utf8'));
    expect(paths.length).toBeGreaterThan(10);
    expect(
      paths.filter((p) => !existsSync(path.join(root, p))),
      `files ${recipe} names that do not exist`,
    ).toEqual([]);
  });
});
