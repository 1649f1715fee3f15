/**
 * What a resource costs in hand-written code: the files and lines whose path names it, in every
 * layer (contract, schema, module, feature, routes), tests, browser specs, generated route trees and
 * migrations left out. `npm run cost -- cities tags articles`. The measure of decision 0011 (the resource kit).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const singular = (name: string) => (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.replace(/s$/, ''));
const excluded = /\.test\.|\.spec\.|routeTree\.gen|\/migrations\/|\.md$/;

const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: npm run cost -- <resource> [<resource> …]');
  process.exit(2);
}
for (const name of names) {
  const stem = new RegExp(`(^|/)(${name}|${singular(name)})[./-]|/${name}/`);
  const own = files.filter((file) => stem.test(file) && !excluded.test(file));
  const lines = own.reduce((sum, file) => sum + readFileSync(file, 'utf8').split('\n').length - 1, 0);
  console.log(`${name}: ${own.length} files, ${lines} lines`);
  for (const file of own) console.log(`  ${file}`);
}
