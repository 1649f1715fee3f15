import {
  type CardUploadColumn,
  type CardUploadRequest,
  cardUploadColumns,
  cardUploadHeaders,
  cardUploadStatusAliases,
  loyaltyCardCreate,
  normalizeCardUid,
  type ProblemCode,
} from '@kovanica/contract';
import { sql } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { pgError } from '../../db/errors.ts';
import { resolveRef } from '../../db/references.ts';
import { loyaltyOwners } from '../../db/schema/index.ts';
import {
  type ImportHooks,
  type ImportOutcome,
  importOf,
  jsonList,
  type ReadRow,
  readImportFile,
  rowsOf,
  uniqueInFile,
  validateRow,
} from '../imports/imports.service.ts';

// Bulk upload of loyalty cards from CSV or XLSX (decisions 0024, 0027) through the imports'
// pipeline: every row is checked with the API's own `loyaltyCardCreate`, then against the file
// itself and the company's cards; a confirmed upload writes the valid rows with one statement in
// one transaction and records the import.

/** The card file's columns for the pipeline. */
const cardColumns = {
  columns: cardUploadColumns,
  required: ['uid', 'number'] as const,
  headers: cardUploadHeaders,
};

/** A row as checked: its values, the card it would write, and why not. */
interface CheckedRow extends ReadRow<CardUploadColumn> {
  card: { uid: string; number: string; holderId: number | null; status: string; statusReason: string | null } | null;
  holderName: string | null;
}

/** The loyalty owner whose cards a file brings (chosen on the screen): its id and company. */
interface Owner {
  id: number;
  companyId: number;
}

/** Reads and checks a file of an owner's cards: everything the preview shows and the write needs, nothing written. */
async function check(db: Db, owner: Owner, input: Pick<CardUploadRequest, 'owner' | 'content' | 'format'>) {
  const file = await readImportFile(cardColumns, input);
  const rows: CheckedRow[] = file.rows.map((row) => {
    const { values } = row;
    const status = values.status ? (cardUploadStatusAliases[values.status.toLowerCase()] ?? values.status.toLowerCase()) : undefined;
    const body = {
      owner: input.owner,
      uid: values.uid ?? '',
      number: values.number ?? '',
      ...(status ? { status } : {}),
      ...(values.statusReason ? { statusReason: values.statusReason } : {}),
    };
    const parsed = validateRow(loyaltyCardCreate, body, row.errors);
    const card = parsed
      ? {
          uid: parsed.uid,
          number: parsed.number,
          holderId: null,
          status: parsed.status ?? 'active',
          statusReason: parsed.status && parsed.status !== 'active' ? (parsed.statusReason ?? null) : null,
        }
      : null;
    return { ...row, card, holderName: null };
  });

  // Unique within the file: every row sharing a value is refused, naming another line that has it.
  uniqueInFile(rows, 'uid', normalizeCardUid);
  uniqueInFile(rows, 'number');

  // Not taken in the company (unique per company, whichever owner holds the card).
  const uids = rows.flatMap((r) => (r.card ? [r.card.uid] : []));
  const numbers = rows.flatMap((r) => (r.card ? [r.card.number] : []));
  const taken = rowsOf<{ uid: string; number: string }>(
    await db.execute(sql`
      select uid, number from loyalty_cards
      where company_id = ${owner.companyId} and (uid in ${jsonList(uids)} or number in ${jsonList(numbers)})`),
  );
  const takenUids = new Set(taken.map((t) => t.uid));
  const takenNumbers = new Set(taken.map((t) => t.number));

  // The holder: a card holder of this owner with that e-mail (case aside).
  const emails = [...new Set(rows.flatMap((r) => (r.values.holderEmail ? [r.values.holderEmail.toLowerCase()] : [])))];
  const holders = new Map<string, { id: number; name: string }>();
  if (emails.length) {
    const found = rowsOf<{ id: number; email: string; name: string }>(
      await db.execute(sql`
        select distinct on (lower(email)) id, lower(email) as email, name || ' ' || surname as name
        from card_holders where owner_id = ${owner.id} and lower(email) in ${jsonList(emails)}
        order by lower(email), id`),
    );
    for (const h of found) holders.set(h.email, { id: Number(h.id), name: h.name });
  }

  for (const row of rows) {
    if (row.card && takenUids.has(row.card.uid)) row.errors.push({ field: 'uid', code: 'unique' });
    if (row.card && takenNumbers.has(row.card.number)) row.errors.push({ field: 'number', code: 'unique' });
    const email = row.values.holderEmail;
    if (email) {
      const holder = holders.get(email.toLowerCase());
      if (!holder) row.errors.push({ field: 'holderEmail', code: 'holder_unknown', params: { email } });
      else {
        row.holderName = holder.name;
        if (row.card) row.card.holderId = holder.id;
      }
    }
  }
  return { rows, file };
}

/** Why a write failed, as a problem code and parameters (shown in any language), from the database's error. */
function failureOf(error: unknown): { code: ProblemCode; params: Record<string, unknown> } {
  const { code, constraint } = pgError(error);
  const field = code === '23505' ? { loyalty_cards_uid_key: 'uid', loyalty_cards_number_key: 'number' }[constraint ?? ''] : undefined;
  if (field) {
    let e = error as { detail?: string; cause?: unknown } | undefined;
    let detail = '';
    for (let depth = 0; e && depth < 3 && !detail; depth++, e = e.cause as typeof e) detail = e.detail ?? '';
    const value = /\)=\([^,]*, (.*)\) already exists/.exec(detail)?.[1] ?? '';
    return { code: 'import_taken', params: { field, value } };
  }
  return { code: 'import_write_failed', params: {} };
}

/** The owner's valid cards written by one statement (the import's transaction). */
async function write(tx: Tx, ctx: RequestContext, owner: Owner, valid: NonNullable<CheckedRow['card']>[]) {
  const cards = valid.map((card) => ({
    uid: card.uid,
    number: card.number,
    holder: card.holderId,
    status: card.status,
    reason: card.statusReason,
  }));
  await tx.execute(sql`
        insert into loyalty_cards (company_id, owner_id, holder_id, uid, number, status, status_reason, status_changed_at, status_changed_by_id)
        select ${owner.companyId}, ${owner.id}, c.holder, c.uid, c.number, c.status, c.reason,
          case when c.status <> 'active' then now() end, case when c.status <> 'active' then ${ctx.actor.userId}::int end
        from json_to_recordset(${JSON.stringify(cards)}::json) as c(uid text, number text, holder int, status text, reason text)`);
  return valid.length;
}

export type UploadHooks = ImportHooks;

/**
 * `confirm: false`: the preview, nothing written. `confirm: true`: the valid rows written by one
 * statement in one transaction, the refused ones recorded with the import; if the write fails,
 * nothing is written, the import is recorded as failed (a code) and the caller gets a 409 saying why.
 */
export async function uploadCards(db: Db, ctx: RequestContext, input: CardUploadRequest, hooks: UploadHooks = {}): Promise<ImportOutcome> {
  const owner = await resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner' }, input.owner);
  const upload = importOf({
    kind: 'loyalty-cards',
    check: () => check(db, owner, input),
    valid: (row) => (row.errors.length === 0 ? row.card : null),
    write: (tx, _ctx, valid) => write(tx, ctx, owner, valid),
    failure: failureOf,
    previewRow: (row) => ({ holderName: row.holderName }),
  });
  return upload(db, ctx, input, owner.companyId, hooks);
}
