import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webUrls } from './url-map.ts';

/**
 * docs/names.md maps each aggregate's names across the layers. It stays true both ways: every contract
 * resource file, server module, web feature, screen and table is in it, and everything it names exists.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const list = (dir: string) => readdirSync(path.join(root, dir), { withFileTypes: true });
const folders = (dir: string) =>
  list(dir)
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
const tsFiles = (dir: string) =>
  list(dir)
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => e.name.slice(0, -'.ts'.length))
    .sort();

/** The table's rows: each cell's backticked names. */
const rows = readFileSync(path.join(root, 'docs/names.md'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| aggregate') && !line.startsWith('|---'))
  .map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '')),
  );
const column = (index: number) => [...new Set(rows.flatMap((row) => row[index] ?? []))].sort();

const tables = tsFiles('apps/server/src/db/schema')
  .flatMap((file) => [...readFileSync(path.join(root, `apps/server/src/db/schema/${file}.ts`), 'utf8').matchAll(/pgTable\(\s*'([^']+)'/g)])
  .map((m) => m[1] ?? '')
  .sort();

/** `/x/*` covers `/x` and everything under it; any other pattern, that path only. */
const covers = (pattern: string, url: string) =>
  pattern.endsWith('/*') ? url === pattern.slice(0, -2) || url.startsWith(pattern.slice(0, -1)) : url === pattern;
// The shell's routes: the root, the signed-in layout, and `/<section>` → its list.
const shell = new Set(['/', '/* (layout)', '/$section']);

describe('docs/names.md', () => {
  it('has a row for every aggregate', () => expect(rows.length).toBeGreaterThan(30));

  it('names every contract resource file, and no other', () => {
    expect(column(1), 'the contract column of docs/names.md').toEqual(tsFiles('packages/contract/src/resources'));
  });

  it('names every server module, and no other', () => {
    expect(column(2), 'the server column of docs/names.md').toEqual(folders('apps/server/src/modules'));
  });

  it('names every web feature, and no other', () => {
    expect(column(3), 'the web column of docs/names.md').toEqual(folders('apps/web/src/features'));
  });

  it('covers every screen, and each path it gives is a screen', () => {
    const urls = webUrls().filter((url) => !shell.has(url));
    const patterns = column(4);
    expect(
      urls.filter((url) => !patterns.some((p) => covers(p, url))),
      'screens docs/names.md does not cover',
    ).toEqual([]);
    expect(
      patterns.filter((p) => !urls.some((url) => covers(p, url))),
      'paths in docs/names.md that are no screen',
    ).toEqual([]);
  });

  it('names every table, and no other', () => {
    expect(column(5), 'the tables column of docs/names.md').toEqual(tables);
  });
});
