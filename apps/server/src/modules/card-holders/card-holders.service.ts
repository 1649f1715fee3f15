import { type CardHolder, type CardHolderCreate, type CardHolderPatch, identity, iri, parseInstant } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef } from '../../db/references.ts';
import { cardHolders, loyaltyOwners } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { cardHolderExtras } from './card-holders.queries.ts';

type Row = RowWith<typeof cardHolders, ReturnType<typeof cardHolderExtras>>;

export function toCardHolder(row: Row): CardHolder {
  return {
    ...identity('card-holders', 'CardHolder', row.id),
    company: iri('companies', row.companyId),
    owner: iri('loyalty-owners', row.ownerId),
    ownerName: row.ownerName,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    consentAt: row.consentAt?.toISOString() ?? null,
    consentVersion: row.consentVersion,
    note: row.note,
    cardsCount: row.cardsCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The consent's moment, checked not to be in the future (a minute's grace for the clocks). */
function consentOf(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = parseInstant(value) as Date;
  if (at.getTime() > Date.now() + 60_000) throw invalid('consentAt', 'in_future');
  return at;
}

const columnsOf = (input: CardHolderPatch) =>
  defined({
    name: input.name,
    surname: input.surname,
    email: input.email,
    phone: input.phone,
    consentAt: consentOf(input.consentAt),
    consentVersion: input.consentVersion,
    note: input.note,
  });

export function cardHoldersService(db: Db): CrudService<CardHolder, CardHolderCreate, CardHolderPatch> {
  const reads = tableReads(db, cardHolders, { company: cardHolders.companyId, extras: cardHolderExtras, toItem: toCardHolder });
  /** The owner the body names, one the caller can see (and, on a patch, of the holder's company). */
  const ownerOf = (ctx: RequestContext, value: string, companyId?: number) =>
    resolveRef(db, ctx, { table: loyaltyOwners, collection: 'loyalty-owners', field: 'owner', companyId }, value);

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const owner = await ownerOf(ctx, input.owner);
      const [row] = await db
        .insert(cardHolders)
        .values({ ...columnsOf(input), companyId: owner.companyId, ownerId: owner.id, name: input.name, surname: input.surname })
        .returning({ id: cardHolders.id });
      return toCardHolder((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const ownerId = patch.owner === undefined ? undefined : (await ownerOf(ctx, patch.owner, current.companyId)).id;
      await db
        .update(cardHolders)
        .set({ ...columnsOf(patch), ...defined({ ownerId }), updatedAt: new Date() })
        .where(eq(cardHolders.id, id));
      return toCardHolder((await reads.find(ctx, id, null)) as Row);
    },
    /** The holder's cards stay, without a holder (the schema sets them free). */
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await db.delete(cardHolders).where(eq(cardHolders.id, id));
      return true;
    },
  };
}
