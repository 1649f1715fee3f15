import fc from 'fast-check';

/**
 * Request generators for the API fuzzer (`testing/fuzz-suite.ts`), driven by the app's own OpenAPI
 * document: values that fit a documented schema, values that fit it badly, and values that are
 * wrong on purpose (types, sizes, encodings, dates, ids). Values that fit are mixed with strings
 * from a pool of real IRIs, ids and dates, so that requests reach past validation into the services.
 */

/** The subset of JSON Schema (OpenAPI 3.0) that the zod schemas turn into. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** Strings taken from the running app: IRIs and ids of real rows (of every company), and the like. */
export interface Pool {
  strings: string[];
}

const INT4 = 2 ** 31;

/** Dates and instants that are right, wrong in form, impossible, or outside what the columns hold. */
export const dateStrings = [
  '2026-11-21',
  '2026-02-28',
  '2024-02-29',
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1999-12-31',
  '2999-12-31',
  '3000-01-01',
  '99999-01-01',
  '+275760-09-13',
  '2026-11-21T09:59:58Z',
  '2026-11-21T09:59:58.123+01:00',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1999-12-31T23:59:59Z',
  '2026-02-30T10:00:00Z',
  '2026-11-21T24:00:00Z',
  '2099-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-11-21T09:59:58',
  'yesterday',
  'March 7, 2026',
  '1',
  '-1',
];

/** Text that breaks naive code: empty, blank, NUL, lone surrogates, emoji, RTL, markup, SQL, LIKE wildcards, `constructor`. */
export const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '😀',
  '👩‍👩‍👧‍👦'.repeat(50),
  '\u202Eabc',
  'Ünïcödé šđčćž ÆØÅ',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '%00',
  '../../etc/passwd',
  'null',
  'true',
  '[]',
  '{}',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '١٢٣',
  // Names every object has: a lookup in an object literal finds them.
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
];

/** Numbers at the edges: of PostgreSQL's integer, of JavaScript's safe integers, of doubles. */
export const boundaryNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  99.999,
  INT4 - 1,
  INT4,
  -INT4,
  -INT4 - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e15,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Path segments where an id belongs that name nothing, or nothing sensible. */
export const badIds = [
  '0',
  '-1',
  '01',
  '1.5',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '1'.repeat(400),
  'abc',
  '%00',
  '%F0%9F%98%80',
  '%FF',
  '%20',
  'null',
  'me',
];

/** A huge string, kept under the body limit so it reaches validation. */
export const hugeString = 'x'.repeat(200_000);

/** Any JSON value, wrong for almost any field. */
export const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], { a: 1 }), weight: 2 },
  { arbitrary: fc.constantFrom(...boundaryNumbers), weight: 3 },
  { arbitrary: fc.constantFrom(...nastyStrings, ...dateStrings), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: fc.constant(hugeString), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
);

function typesOf(schema: Schema): string[] {
  if (schema.type === undefined) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

function patternMatcher(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/** Strings for a string schema: from its pattern or format, from the pool when they fit, or any. */
function stringOf(schema: Schema, pool: Pool): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 60));
  const options: fc.WeightedArbitrary<string>[] = [];
  const regex = schema.pattern ? patternMatcher(schema.pattern) : null;
  if (schema.format === 'date') {
    const days = fc.integer({ min: -60, max: 30 }).map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10));
    options.push({ arbitrary: days, weight: 8 }, { arbitrary: fc.constantFrom(...dateStrings), weight: 2 });
  } else if (schema.format === 'date-time') {
    const recent = fc.integer({ min: -30 * 86_400, max: 600 }).map((s) => new Date(Date.now() + s * 1000).toISOString());
    options.push({ arbitrary: recent, weight: 12 }, { arbitrary: fc.constantFrom(...dateStrings), weight: 2 });
  } else if (regex) {
    const fitting = pool.strings.filter((s) => regex.test(s));
    if (fitting.length) options.push({ arbitrary: fc.constantFrom(...fitting), weight: 6 });
    options.push({ arbitrary: fc.stringMatching(regex).filter((s) => s.length <= 400), weight: 3 });
  } else {
    options.push(
      { arbitrary: fc.constantFrom(...pool.strings), weight: 4 },
      { arbitrary: fc.string({ minLength: min, maxLength: max }), weight: 3 },
      { arbitrary: fc.constantFrom(...dateStrings), weight: 1 },
    );
  }
  options.push({ arbitrary: fc.constantFrom(...nastyStrings), weight: 1 });
  return fc.oneof(...options);
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(schema.minimum ?? -1_000_000, -INT4);
  const hi = Math.min(schema.maximum ?? 1_000_000, INT4 - 1);
  const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined && Math.abs(n) <= Number.MAX_SAFE_INTEGER);
  const inRange = lo <= hi ? (integer ? fc.integer({ min: lo, max: hi }) : fc.double({ min: lo, max: hi, noNaN: true })) : fc.constant(0);
  return edges.length
    ? fc.oneof({ arbitrary: inRange, weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: 1 })
    : fc.oneof({ arbitrary: inRange, weight: 4 }, { arbitrary: fc.integer({ min: 0, max: 10 }), weight: 1 });
}

/**
 * Values that fit the schema as far as its form goes (types, enums, lengths, ranges, required
 * fields); what the form cannot say (a real reference, a real day) comes from the pool or by chance.
 */
export function fitting(schema: Schema, pool: Pool, depth = 0): fc.Arbitrary<unknown> {
  const base = fittingBase(schema, pool, depth);
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 4 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

function fittingBase(schema: Schema, pool: Pool, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fitting(s, pool, depth + 1)));
  if (schema.allOf?.length) return fitting(Object.assign({}, ...schema.allOf) as Schema, pool, depth + 1);
  const types = typesOf(schema).filter((t) => t !== 'null');
  switch (types[0]) {
    case 'string':
      return stringOf(schema, pool);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      if (depth > 4 || !schema.items) return fc.constant([]);
      const minLength = schema.minItems ?? 0;
      return fc.array(fitting(schema.items, pool, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
      });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (depth > 4) return fc.constant({});
      const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, fitting(s, pool, depth + 1)]));
      const requiredKeys = (schema.required ?? []).filter((k) => k in properties);
      if (Object.keys(model).length === 0) {
        return schema.additionalProperties
          ? fc.dictionary(fc.constantFrom(...pool.strings.slice(0, 20), 'x'), fc.string(), { maxKeys: 2 })
          : fc.constant({});
      }
      return fc.record(model, { requiredKeys });
    }
    default:
      return wildValue;
  }
}

/** A fitting value with one deliberate fault: a field of the wrong kind, one missing, one unknown. */
export function faulty(schema: Schema, pool: Pool): fc.Arbitrary<unknown> {
  const ok = fitting(schema, pool);
  const keys = Object.keys(schema.properties ?? {});
  const options: fc.Arbitrary<unknown>[] = [wildValue];
  if (keys.length) {
    options.push(
      fc.tuple(ok, fc.constantFrom(...keys), wildValue).map(([v, k, bad]) => (isObject(v) ? { ...v, [k]: bad } : v)),
      fc.tuple(ok, fc.constantFrom(...keys)).map(([v, k]) => {
        if (!isObject(v)) return v;
        const { [k]: _dropped, ...rest } = v;
        return rest;
      }),
      fc
        .tuple(ok, fc.constantFrom('id', '@id', 'createdAt', 'unknownField', '__proto__', 'constructor', ''), wildValue)
        .map(([v, k, extra]) => (isObject(v) ? { ...v, [k]: extra } : v)),
      fc.tuple(ok, fc.constantFrom(...keys)).map(([v, k]) => (isObject(v) ? { ...v, [k]: hugeString } : v)),
    );
  }
  return fc.oneof(...options);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Bodies that are not the JSON they claim to be, or not JSON at all. */
export const malformedBodies = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  'nul',
  'undefined',
  '',
  ' ',
  '\u0000',
  '[1,2',
  '{"a":"\\ud800"}',
  '{"a":1e999}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

/** Content types other than the one an operation takes. */
export const wrongContentTypes = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/json',
  'application/problem+json',
  '',
  'garbage',
];

/** A value for a query parameter: fitting its schema, from the pool, or wrong. */
export function queryValue(schema: Schema, pool: Pool): fc.Arbitrary<string | string[]> {
  const one = fc.oneof(
    { arbitrary: fitting(schema, pool).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))), weight: 3 },
    { arbitrary: fc.constantFrom(...pool.strings), weight: 3 },
    { arbitrary: fc.constantFrom(...dateStrings), weight: 2 },
    { arbitrary: fc.constantFrom(...badIds.map(decodeSafe), ...boundaryNumbers.map(String)), weight: 2 },
    { arbitrary: fc.constantFrom(...nastyStrings), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  );
  return fc.oneof({ arbitrary: one, weight: 5 }, { arbitrary: fc.array(one, { minLength: 2, maxLength: 3 }), weight: 1 });
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Raw query strings that no encoder would make: bad escapes, nested brackets, repeated keys. */
export const rawQueries = [
  '%',
  'a=%',
  'page=%FF',
  'page[]=1',
  'page=1&page=2',
  'itemsPerPage=1e2',
  'order[id][x]=asc',
  'order[]=asc',
  'order=asc',
  'company[]=1&company[a]=2',
  'company=1&company=abc',
  '__proto__[x]=1',
  'constructor=1',
  `q=${'a'.repeat(5000)}`,
  `${'x'.repeat(3000)}=1`,
  '&&&=&=',
  'from=2026-01-01&from=2026-01-02&to=2026-01-03',
];
