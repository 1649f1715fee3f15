import {
  type ArticleCreate,
  articleCreate,
  articleImportColumns,
  articleImportUnitAliases,
  articleUnits,
  DEFAULT_VAT_RATE,
  type ProblemCode,
  pricePair,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { euroCents, percent } from './imports.cells.ts';
import {
  columnsOfFields,
  type ImportInput,
  importOf,
  jsonList,
  type ReadRow,
  readImportFile,
  rowsOf,
  uniqueInFile,
  validateRow,
} from './imports.pipeline.ts';

// Articles from a file (decision 0027): each row through `articleCreate` (the form's and
// `POST /articles`' schema) with the prices completed like `POST /articles` does; a name unique in
// the file and in the company (case aside, like the database's index).

type Column = (typeof articleImportColumns.columns)[number];

/** The units a file may write: the API's and their Croatian names. */
const FILE_UNITS = [...articleUnits, ...Object.keys(articleImportUnitAliases)].join(', ');

/** The schema's field of each price column, and back (an error names the file's column). */
const priceFields = {
  purchaseNet: 'purchaseNetCents',
  purchaseGross: 'purchaseGrossCents',
  sellingNet: 'sellingNetCents',
  sellingGross: 'sellingGrossCents',
} as const;
const columnOf = columnsOfFields(priceFields);

interface ArticleRow extends ReadRow<Column> {
  article: (ArticleCreate & { vatRate: number }) | null;
}

/** Reads and checks a file of articles for a company: everything the preview shows and the write needs. */
async function check(db: Db, _ctx: RequestContext, input: ImportInput, companyId: number) {
  const file = await readImportFile(articleImportColumns, input);
  const rows: ArticleRow[] = file.rows.map((row) => {
    const v = row.values;
    const unit = v.unit ? (articleImportUnitAliases[v.unit.toLowerCase()] ?? v.unit.toLowerCase()) : '';
    const body: Record<string, unknown> = { name: v.name ?? '', unit };
    if (v.supplier) body.supplier = v.supplier;
    const vat = percent(v.vatRate);
    if (vat !== undefined) body.vatRate = vat;
    for (const [column, field] of Object.entries(priceFields)) {
      const cents = euroCents(v[column as Column]);
      if (cents !== undefined) body[field] = cents;
    }
    const parsed = validateRow(articleCreate, body, row.errors, columnOf);
    // A unit the file may not use is refused naming every unit it may (the Croatian ones too).
    for (const error of row.errors) if (error.field === 'unit' && error.code === 'choice') error.params = { values: FILE_UNITS };
    let article: ArticleRow['article'] = null;
    if (parsed) {
      const vatRate = parsed.vatRate ?? DEFAULT_VAT_RATE;
      const purchase = pricePair(parsed.purchaseNetCents, parsed.purchaseGrossCents, vatRate);
      const selling = pricePair(parsed.sellingNetCents, parsed.sellingGrossCents, vatRate);
      if (purchase === 'mismatch') row.errors.push({ field: 'purchaseGross', code: 'net_gross_mismatch' });
      if (selling === 'mismatch') row.errors.push({ field: 'sellingGross', code: 'net_gross_mismatch' });
      if (purchase !== 'mismatch' && selling !== 'mismatch' && row.errors.length === 0) {
        article = {
          ...parsed,
          vatRate,
          purchaseNetCents: purchase?.net ?? null,
          purchaseGrossCents: purchase?.gross ?? null,
          sellingNetCents: selling?.net ?? null,
          sellingGrossCents: selling?.gross ?? null,
        };
      }
    }
    return { ...row, article };
  });

  const nameKey = (name: string) => name.trim().toLowerCase();
  uniqueInFile(rows, 'name', nameKey);
  const names = rows.flatMap((r) => (r.values.name ? [nameKey(r.values.name)] : []));
  const taken = new Set(
    rowsOf<{ name: string }>(
      await db.execute(sql`
        select lower(name) as name from articles where company_id = ${companyId} and lower(name) in ${jsonList(names)}`),
    ).map((r) => r.name),
  );
  for (const row of rows) {
    if (row.values.name && taken.has(nameKey(row.values.name))) row.errors.push({ field: 'name', code: 'unique' });
    if (row.errors.length) row.article = null;
  }
  return { file, rows };
}

/** Why the write failed, as a problem code and parameters: a name another user took meanwhile, or anything else. */
function failureOf(error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  const { code, constraint } = pgError(error);
  if (code === '23505' && constraint === 'articles_company_name_key') {
    let e = error as { detail?: string; cause?: unknown } | undefined;
    let detail = '';
    for (let depth = 0; e && depth < 3 && !detail; depth++, e = e.cause as typeof e) detail = e.detail ?? '';
    const value = /\)=\([^,]*, (.*)\) already exists/.exec(detail)?.[1] ?? '';
    return { code: 'import_name_taken', params: { value } };
  }
  return { code: 'import_write_failed', params: {} };
}

/** The valid rows written by one statement (the import's transaction). */
async function write(tx: Tx, _ctx: RequestContext, valid: NonNullable<ArticleRow['article']>[], companyId: number) {
  const values = valid.map((a) => ({
    name: a.name,
    unit: a.unit,
    supplier: a.supplier ?? null,
    vat: Math.round(a.vatRate * 100),
    pn: a.purchaseNetCents,
    pg: a.purchaseGrossCents,
    sn: a.sellingNetCents,
    sg: a.sellingGrossCents,
  }));
  await tx.execute(sql`
        insert into articles (company_id, name, unit, supplier, vat_rate_bp, purchase_net_cents, purchase_gross_cents, selling_net_cents, selling_gross_cents)
        select ${companyId}, a.name, a.unit, a.supplier, a.vat, a.pn, a.pg, a.sn, a.sg
        from json_to_recordset(${JSON.stringify(values)}::json)
          as a(name text, unit text, supplier text, vat int, pn int, pg int, sn int, sg int)`);
  return valid.length;
}

/**
 * Articles from a file into a company: the preview (`confirm` false, nothing written), or the valid
 * rows written by one statement in one transaction with the import's record.
 */
export const importArticles = importOf({ kind: 'articles', check, valid: (row) => row.article, write, failure: failureOf });
