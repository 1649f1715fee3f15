/**
 * What a resource costs in hand-written code: the files and lines whose path names it, in every
 * layer (contract, schema, module, feature, routes), tests, browser specs, generated route trees and
 * migrations left out. `npm run cost -- cities tags articles`; `npm run cost -- --at <commit> cities`
 * measures the tree of an older commit (read from git, the work tree untouched). The measure of
 * decision 0011 (the resource kit).
 *
 * `npm run cost -- --field cashBoxCapacityCents`: the hand-written files that name a field, by its
 * name or its column's (`cash_box_capacity_cents`), the same files left out and the demo's data and
 * the tests' helpers too: for a field that is only stored, shown and edited, the files a field like
 * it touches (docs/architecture.md "A field, described once"; the target is 5 or fewer: the
 * contract, the schema, the migration, the form, a test). A field that other code reads (a report
 * sums it) is also named by that code.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, ''));
const excluded = /\.test\.|\.spec\.|routeTree\.gen|\/migrations\/|\.md$/;
const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28 });

const args = process.argv.slice(2);
if (args[0] === '--field') {
  const fields = args.slice(1);
  if (fields.length === 0) {
    console.error('usage: npm run cost -- --field <field> [<field> …]');
    process.exit(2);
  }
  const candidates = git('ls-files', 'apps', 'packages')
    .split('\n')
    .filter((file) => file && !excluded.test(file) && !/\/(demo|testing)\//.test(file));
  for (const field of fields) {
    const column = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const named = new RegExp(`\\b(${field}|${column})\\b`);
    const touched = candidates.filter((file) => named.test(readFileSync(file, 'utf8')));
    console.log(`${field}: ${touched.length} hand-written files (and a migration)`);
    for (const file of touched) console.log(`  ${file}`);
  }
  process.exit(0);
}
const at = args[0] === '--at' ? args[1] : undefined;
const names = at ? args.slice(2) : args;
if (names.length === 0 || (args[0] === '--at' && !at)) {
  console.error('usage: npm run cost -- [--at <commit>] <resource> [<resource> …]');
  process.exit(2);
}
const files = (at ? git('ls-tree', '-r', '--name-only', at) : git('ls-files')).split('\n').filter(Boolean);
const text = (file: string) => (at ? git('show', `${at}:${file}`) : readFileSync(file, 'utf8'));
for (const name of names) {
  const stem = new RegExp(`(^|/)(${name}|${singular(name)})[./-]|/${name}/`);
  const own = files.filter((file) => stem.test(file) && !excluded.test(file));
  const lines = own.reduce((sum, file) => sum + text(file).split('\n').length - 1, 0);
  console.log(`${name}: ${own.length} files, ${lines} lines`);
  for (const file of own) console.log(`  ${file}`);
}
