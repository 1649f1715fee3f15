import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's test files share their worker's modules (`isolate: false` in vitest.config.ts,
 * decision 0036): each file builds an app on a database of its own, but a value a module keeps at its
 * top level is seen by every file after it. A cache keyed by a company's id, say, would answer one
 * file's database from another's (every file's demo has a company 1).
 *
 * So every module-level variable and every module-level cache made empty (`new Map()`, `new Set()`,
 * `new WeakMap()`, `new LRUCache(…)`, `{}`, `[]`) in the server's code is listed here with why another app in the
 * same process may see it. A new one fails this test until it is listed (or kept on the app, the
 * database or the request instead). A constant set (`new Set([...])`) is not state and is not listed.
 */
const ALLOWED: Record<string, string> = {
  'core/collection.ts documentationOnly': 'marks schemas made for the OpenAPI document (a WeakSet of schemas)',
  'core/collection.ts knownParams': 'per collection description (a WeakMap), derived from the description alone',
  'demo/fiscal.ts demoCa': 'the demo CA, made once per process; every demo may share it',
  'demo/fiscal.ts certificates': 'the demo certificates by OIB, the same for every demo of that OIB',
  'main.ts closing': 'the process is shutting down (main.ts runs one app per process)',
  'main.ts mqttLogger': 'the demo logger that reports over MQTT, closed at shutdown (main.ts runs one app per process)',
  'main.ts history': 'the demo history being written in the background, stopped at shutdown (main.ts runs one app per process)',
  'modules/dashboard/dashboard.figures.ts forecastsOf': 'per database (a WeakMap keyed by the Db)',
  'modules/push-subscriptions/push.sender.ts generated': 'per database (a WeakMap keyed by the Db): its VAPID key pair, read or made once',
  'modules/exports/exports.files.ts pdfmake': 'the PDF library, loaded once',
  'core/metrics.ts processRegistry': "the process's own figures (memory, CPU, event loop), one set per process whatever its apps",
  'modules/exports/exports.finance.ts monthNames': 'date formatters by language: derived from the key alone',
  'modules/reports/holidays.ts cache': 'Croatian public holidays by year: derived from the key alone',
  'modules/telemetry/ingest-classify.ts dayOfHour': 'the business day of an hour: derived from the key alone',
  'security/passwords.ts decoy': 'a hash of a random password for timing, made once',
  'security/passwords.ts strength': 'the password-strength checker, loaded once',
  'testing/fixtures.ts serial': 'a counter for unique names: unique across files too',
  'testing/machine-audits.ts made': 'a counter for unique audit files: unique across files too',
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverSrc = path.join(root, 'apps/server/src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Module-level `let`/`var` and module-level empty collections, as `file name`. */
function moduleState(file: string, text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    const variable = /^(?:export )?(?:let|var) ([A-Za-z_$][\w$]*)/.exec(line);
    const collection =
      /^(?:export )?const ([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*new (?:Map|Set|WeakMap|WeakSet|LRUCache)\b(?:<.*>)?\((?:\{|\))/.exec(line);
    const empty = /^(?:export )?const ([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:\{\}|\[\])/.exec(line);
    const name = variable?.[1] ?? collection?.[1] ?? empty?.[1];
    if (name) found.push(`${file} ${name}`);
  }
  return found;
}

describe('module state in the server (the test files share their modules)', () => {
  it('finds what it looks for', () => {
    expect(
      moduleState(
        'a.ts',
        'let a = 1;\nconst b = new Map<string, number>();\nconst c = new Set(["x"]);\n  let d = 2;\nconst e = new LRUCache({ max: 1 });\nconst f: Record<string, number> = {};\nconst g = { h: 1 };',
      ),
    ).toEqual(['a.ts a', 'a.ts b', 'a.ts e', 'a.ts f']);
  });

  it('is only what is listed, and everything listed is still there', () => {
    const found = sources(serverSrc).flatMap((file) =>
      moduleState(path.relative(serverSrc, file).split(path.sep).join('/'), readFileSync(file, 'utf8')),
    );
    expect(found.sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
