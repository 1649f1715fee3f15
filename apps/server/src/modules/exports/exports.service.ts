import {
  type Collection,
  type ExportItem,
  type ExportRequest,
  type ExportsQuery,
  exportContentTypes,
  exportPermission,
  iri,
  type Language,
  type ListExportKind,
  type ListExportParams,
  moduleOf,
  problemMessage,
  type ReportExportKind,
  reportExportKinds,
  validationMessage,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { buildContext, loadActor } from '../../core/context.ts';
import { DomainError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import type { ListSource } from '../../deps.ts';
import { describeExport, exportCompanyOf } from './exports.about.ts';
import { buildListExport, listExports as listFiles, listQuery, mayExport } from './exports.lists.ts';
import { deleteParts, EXPORT_PART_BYTES, PartSink, partsStream } from './exports.parts.ts';
import { reportDataSets } from './exports.reports.ts';

/** A run that has not said it is alive (a page written) for this long is taken as dead and built again. */
export const EXPORT_LEASE_SECONDS = 120;
/** Builds of one export before it is given up (an error that is not the query's own, e.g. a database time-out). */
export const EXPORT_MAX_ATTEMPTS = 3;
/** How long a sweep claims more exports; what is left goes to the next (the job expires after 90 s). */
const SWEEP_BUDGET_MS = 45_000;

interface ExportRow {
  id: number;
  company_id: number | null;
  user_id: number;
  user_name: string | null;
  kind: ExportItem['kind'];
  params: Record<string, unknown>;
  view: 'mine' | 'all';
  format: ExportItem['format'];
  language: Language;
  status: ExportItem['status'];
  progress: number;
  rows: number | null;
  file_name: string | null;
  size: number | null;
  error: string | null;
  attempts: number;
  created_at: string | Date;
  finished_at: string | Date | null;
  expires_at: string | Date;
}

const columns = sql`id, company_id, user_id, (select u.name || ' ' || u.surname from users u where u.id = exports.user_id) as user_name, kind, params, view, format, language, status, progress, rows, file_name,
  size, error, attempts, created_at, finished_at, expires_at`;
const instant = (v: string | Date) => new Date(v).toISOString();
const rowsOf = (result: unknown) => (result as { rows: ExportRow[] }).rows;

/** An export as the API answers it, with what it holds described in the reader's words. */
async function itemOf(db: Db, ctx: RequestContext, row: ExportRow): Promise<ExportItem> {
  const id = iri('exports', row.id);
  const params = (typeof row.params === 'string' ? JSON.parse(row.params) : row.params) as Record<string, unknown>;
  const report = isReport(row.kind);
  const about = await describeExport(
    db,
    ctx,
    {
      kind: row.kind,
      report,
      params,
      title: report
        ? reportDataSets[row.kind as ReportExportKind].title(params, ctx.lang)
        : listFiles[row.kind as ListExportKind].title[ctx.lang],
      userId: row.user_id,
      companyId: row.company_id,
      view: row.view,
    },
    ctx.lang,
  );
  return {
    '@id': id,
    '@type': 'Export',
    id: row.id,
    kind: row.kind,
    format: row.format,
    params,
    language: row.language,
    status: row.status,
    progress: Number(row.progress),
    rows: row.rows === null ? null : Number(row.rows),
    fileName: row.file_name,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
    file: row.status === 'done' ? `${id}/file` : null,
    user: iri('users', row.user_id),
    userName: row.user_name ?? '',
    company: row.company_id === null ? null : iri('companies', row.company_id),
    about,
    createdAt: instant(row.created_at),
    finishedAt: row.finished_at === null ? null : instant(row.finished_at),
    expiresAt: instant(row.expires_at),
  };
}

/** A problem of the data set's query as the export's: its fields are under `params`, a bad reference a 422 like any field. */
function asParamsProblem(error: unknown): never {
  if (!(error instanceof DomainError)) throw error;
  if (error.code === 'bad_query' || error.code === 'unknown_param') {
    const param = String(error.params.param ?? '');
    throw new DomainError(422, 'validation', {}, [{ propertyPath: `params.${param}`, code: error.violations[0]?.code ?? 'invalid' }]);
  }
  if (error.code === 'validation')
    throw new DomainError(
      422,
      'validation',
      error.params,
      error.violations.map((v) => ({ ...v, propertyPath: `params.${v.propertyPath}` })),
    );
  throw error;
}

function sourceOf(lists: ReadonlyMap<string, ListSource>, kind: ListExportKind): ListSource {
  const source = lists.get(kind);
  if (!source) throw new Error(`no list ${kind}`);
  return source;
}

/** What reading the data set needs: its permission, its module, and its list's component. */
function checkAccess(ctx: RequestContext, kind: ExportItem['kind'], lists: ReadonlyMap<string, ListSource>) {
  const permission = exportPermission(kind);
  const component = isReport(kind) ? reportDataSets[kind].component : sourceOf(lists, kind).component;
  mayExport(ctx, permission, moduleOf(permission), component);
}

const isReport = (kind: ExportItem['kind']): kind is ReportExportKind => (reportExportKinds as readonly string[]).includes(kind);

/** Whose exports the caller reaches: their own; an admin's All Companies view, everyone's. */
const reach = (ctx: RequestContext) => (ctx.actor.role === 'admin' && ctx.view === 'all' ? sql`true` : sql`user_id = ${ctx.actor.userId}`);
/** Exports by id: the caller's own, or any for an admin. */
const mayRead = (ctx: RequestContext) => (ctx.actor.role === 'admin' ? sql`true` : sql`user_id = ${ctx.actor.userId}`);

/**
 * Asks for an export: checks its query as the report's own request would (the same 4xx, before
 * anything is queued), then stores it queued in the caller's language and view. The caller wakes
 * the builder.
 */
export async function requestExport(
  db: Db,
  ctx: RequestContext,
  input: ExportRequest,
  lists: ReadonlyMap<string, ListSource>,
): Promise<ExportItem> {
  // A user exports what they may read: the data set's permission, module and component.
  checkAccess(ctx, input.kind, lists);
  try {
    if (isReport(input.kind)) reportDataSets[input.kind].check(ctx, input.params);
    else listQuery(sourceOf(lists, input.kind), input.params as ListExportParams);
  } catch (error) {
    asParamsProblem(error);
  }
  const company = exportCompanyOf(ctx);
  const result = await db.execute(sql`
    insert into exports (company_id, user_id, kind, params, view, format, language)
    values (${company}, ${ctx.actor.userId}, ${input.kind}, ${JSON.stringify(input.params)}::jsonb, ${ctx.view}, ${input.format}, ${ctx.lang})
    returning ${columns}`);
  return itemOf(db, ctx, rowsOf(result)[0] as ExportRow);
}

export async function getExport(db: Db, ctx: RequestContext, id: number): Promise<ExportItem | null> {
  const result = await db.execute(sql`select ${columns} from exports where id = ${id} and expires_at > now() and ${mayRead(ctx)}`);
  const row = rowsOf(result)[0];
  return row ? itemOf(db, ctx, row) : null;
}

/** The caller's exports, newest first. */
export async function listExports(db: Db, ctx: RequestContext, query: ExportsQuery): Promise<Collection<ExportItem>> {
  const page = query.page ?? 1;
  const itemsPerPage = query.itemsPerPage ?? 30;
  const result = await db.execute(sql`
    select ${columns}, count(*) over () as total from exports
    where expires_at > now() and ${reach(ctx)}
    order by created_at desc, id desc
    limit ${itemsPerPage} offset ${(page - 1) * itemsPerPage}`);
  const rows = rowsOf(result) as (ExportRow & { total: number })[];
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const counted = await db.execute(sql`select count(*) as total from exports where expires_at > now() and ${reach(ctx)}`);
    total = Number((counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
  }
  return {
    '@id': '/api/v2/exports',
    '@type': 'Collection',
    member: await Promise.all(rows.map((row) => itemOf(db, ctx, row))),
    totalItems: total,
    view: { '@id': `/api/v2/exports?page=${page}` },
  };
}

/**
 * A built file: its bytes as a stream of its parts (read a few at a time), its length, type and
 * name; 404 for none the caller may read, 409 while it is not built.
 */
export async function exportFile(db: Db, ctx: RequestContext, id: number) {
  const result = await db.execute(sql`
    select status, progress, format, file_name, size, error from exports
    where id = ${id} and expires_at > now() and ${mayRead(ctx)}`);
  const row = (
    result as unknown as {
      rows: {
        status: string;
        progress: number;
        format: ExportItem['format'];
        file_name: string | null;
        size: number | string | null;
        error: string | null;
      }[];
    }
  ).rows[0];
  if (!row) throw notFound();
  if (row.status === 'failed') throw new DomainError(409, 'export_failed', { reason: row.error ?? '' });
  if (row.status !== 'done' || row.size === null) throw new DomainError(409, 'export_not_ready', { progress: Number(row.progress) });
  return {
    stream: partsStream(db, id),
    size: Number(row.size),
    contentType: exportContentTypes[row.format],
    fileName: row.file_name ?? `export.${row.format}`,
  };
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): the name as ASCII, and as it is. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A build cut off because the server is closing. */
class BuildStopped extends Error {}

/**
 * Builds the exports asked for (the job queue's `export-sweep`, decision 0021): claims the oldest
 * queued one, or a running one whose run has been silent past its lease (its server died), with
 * `for update skip locked`, so servers side by side never take the same; builds it a page at a time,
 * each page moving its progress and renewing its lease; stores the file in parts as it is written
 * (`exports.parts.ts`), or why it failed in the export's language. Expired exports are deleted on the
 * way, their parts with them.
 */
export class ExportSweep {
  constructor(
    private readonly db: Db,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    /** The lists of the app (`deps.lists`), for the exports of lists. */
    private readonly lists: ReadonlyMap<string, ListSource> = new Map(),
    /** The bytes of a stored part of a file (tests make it small). */
    private readonly options: { partBytes?: number } = {},
  ) {}

  #stopping = false;

  /**
   * The server is closing: none is claimed, and the build under way stops at its next page and is
   * queued again (the next server to start builds it), rather than written to a closing database.
   */
  stop() {
    this.#stopping = true;
  }

  async sweep(options: { budgetMs?: number } = {}): Promise<{ built: number; failed: number; more: boolean }> {
    const total = { built: 0, failed: 0, more: false };
    const until = performance.now() + (options.budgetMs ?? SWEEP_BUDGET_MS);
    await this.db.execute(sql`delete from exports where expires_at <= now()`);
    for (;;) {
      if (this.#stopping) return total;
      if (performance.now() > until) return { ...total, more: true };
      const claimed = await this.claim();
      if (!claimed) return total;
      const outcome = await this.build(claimed);
      if (outcome === 'done') total.built++;
      else if (outcome === 'failed') total.failed++;
      // Tried again by the next sweep (the minute's), not at once in a loop.
      else return total;
    }
  }

  private async claim(): Promise<ExportRow | null> {
    const result = await this.db.execute(sql`
      update exports set status = 'running', started_at = now(), attempts = attempts + 1, progress = 0
      where id = (
        select id from exports
        where expires_at > now()
          and (status = 'queued' or (status = 'running' and started_at < now() - make_interval(secs => ${EXPORT_LEASE_SECONDS})))
        order by created_at, id
        limit 1
        for update skip locked)
      returning ${columns}`);
    return rowsOf(result)[0] ?? null;
  }

  /** Builds one claimed export: done, failed for good, or to be tried again. */
  private async build(row: ExportRow): Promise<'done' | 'failed' | 'retry'> {
    const lang = row.language;
    try {
      if (row.attempts > EXPORT_MAX_ATTEMPTS) throw new DomainError(500, 'internal');
      const actor = await loadActor(this.db, row.user_id);
      if (!actor) throw new DomainError(403, 'inactive_account');
      // The user's access as it is now (a role or module taken away since applies), in the view asked in.
      const ctx = buildContext(actor, lang, row.view === 'all');
      const progress = async (written: number, total: number) => {
        if (this.#stopping) throw new BuildStopped();
        const percent = total === 0 ? 95 : Math.min(95, Math.floor((written / total) * 95));
        await this.db.execute(
          sql`update exports set progress = ${percent}, started_at = now() where id = ${row.id} and status = 'running'`,
        );
      };
      checkAccess(ctx, row.kind, this.lists);
      // A run taken up again (a dead server's, a retry) starts from no parts.
      await deleteParts(this.db, row.id);
      const sink = new PartSink(this.db, row.id, this.options.partBytes ?? EXPORT_PART_BYTES);
      // A file says it was made when it was asked for, as the exports list says (and names a list by that Zagreb day).
      const now = new Date(row.created_at);
      const file = isReport(row.kind)
        ? await reportDataSets[row.kind].build(this.db, ctx, row.params, row.format, sink, progress, { now })
        : await buildListExport(
            this.db,
            ctx,
            row.kind,
            sourceOf(this.lists, row.kind),
            row.params as ListExportParams,
            row.format,
            sink,
            progress,
            { now },
          );
      const size = await sink.close();
      // Done only once the last part is stored; the size is what the parts hold.
      await this.db.execute(sql`
        update exports set status = 'done', progress = 100, rows = ${file.rows}, file_name = ${file.fileName}, size = ${size},
          error = null, finished_at = now()
        where id = ${row.id}`);
      return 'done';
    } catch (error) {
      if (error instanceof BuildStopped) {
        // Not a failed build: it does not count as an attempt.
        await this.db.execute(sql`update exports set status = 'queued', progress = 0, attempts = attempts - 1 where id = ${row.id}`);
        await deleteParts(this.db, row.id);
        return 'retry';
      }
      if (!(error instanceof DomainError) && row.attempts < EXPORT_MAX_ATTEMPTS) {
        // Not the query's fault (a time-out, a lost connection): built again by the next sweep.
        this.log(`export ${row.id} failed, to be tried again`, error);
        await this.db.execute(sql`update exports set status = 'queued', progress = 0 where id = ${row.id}`);
        await deleteParts(this.db, row.id);
        return 'retry';
      }
      if (!(error instanceof DomainError)) this.log(`export ${row.id} failed`, error);
      const reason =
        error instanceof DomainError
          ? [
              problemMessage(lang, error.code, error.params),
              ...error.violations.map((v) => validationMessage(lang, v.code, v.params)),
            ].join(' ')
          : problemMessage(lang, 'internal');
      await this.db.execute(sql`
        update exports set status = 'failed', error = ${reason}, finished_at = now(), size = null where id = ${row.id}`);
      await deleteParts(this.db, row.id);
      return 'failed';
    }
  }
}
