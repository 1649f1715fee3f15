import {
  identity,
  iri,
  type Location,
  type LocationCreate,
  type LocationPatch,
  locationFieldsDescription,
  pickFields,
  type RentalTermsApplied,
  storedFields,
  type WorkingHours,
  weekdays,
} from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import type { RowWith } from '../../db/paging.ts';
import { resolveRef, resolveRefIds, targetCompanyId } from '../../db/references.ts';
import { cities, lessors, locations, tags, users } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { toTagLabels } from '../tags/tags.service.ts';
import { type LessorTerms, locationDependents, locationExtras } from './locations.queries.ts';

type Row = RowWith<typeof locations, ReturnType<typeof locationExtras>>;

const closedAllWeek = Object.fromEntries(weekdays.map((d) => [d, null])) as WorkingHours;

/** Each rental term as it applies: the location's own, else its lessor's (docs/rules.md "Master data"). */
export function rentalTerms(
  row: Pick<Row, 'rentalType' | 'contractRentalAmountCents' | 'incomeLimitCents' | 'rentalPercentageBp'>,
  lessor: LessorTerms | null,
): RentalTermsApplied {
  const pick = <T>(own: T | null, inherited: T | null | undefined) =>
    own !== null
      ? { value: own, from: 'location' as const }
      : inherited != null
        ? { value: inherited, from: 'lessor' as const }
        : { value: null, from: null };
  return {
    rentalType: pick(row.rentalType, lessor?.rentalType),
    contractRentalAmountCents: pick(row.contractRentalAmountCents, lessor?.contractRentalAmountCents),
    incomeLimitCents: pick(row.incomeLimitCents, lessor?.incomeLimitCents),
    rentalPercentage: pick(fromBp(row.rentalPercentageBp), fromBp(lessor?.rentalPercentageBp ?? null)),
  };
}

/** The fields kept as they are in the table's columns of the same name (the contract's description). */
const STORED = storedFields(locationFieldsDescription);

export function toLocation(row: Row): Location {
  return {
    ...identity('locations', 'Location', row.id),
    ...pickFields(row, STORED),
    company: iri('companies', row.companyId),
    city: iri('cities', row.cityId),
    cityName: row.cityName,
    lessor: row.lessorId === null ? null : iri('lessors', row.lessorId),
    lessorName: row.lessorTerms?.name ?? null,
    workingHours: { ...closedAllWeek, ...row.workingHours },
    responsibleWorker: row.responsibleWorkerId === null ? null : iri('users', row.responsibleWorkerId),
    responsibleWorkerName: row.responsibleWorkerName,
    rentalPercentage: fromBp(row.rentalPercentageBp),
    rentalTerms: rentalTerms(row, row.lessorTerms),
    tags: row.tagIds.map((id) => iri('tags', id)),
    tagLabels: toTagLabels(row.tagLabels),
    devicesCount: row.devicesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

// Long because: the service's methods share the database, the reads and the column checks by closure; each method is short.
export function locationsService(db: Db): CrudService<Location, LocationCreate, LocationPatch> {
  const reads = tableReads(db, locations, { company: locations.companyId, extras: locationExtras, toItem: toLocation });

  /** Columns from a body, with every reference checked to exist and to belong to the company. */
  const columnsOf = async (ctx: RequestContext, companyId: number, input: LocationPatch) => {
    const ref = <T extends typeof lessors | typeof users | typeof tags>(table: T, collection: string, field: string) => ({
      table,
      collection,
      field,
      companyId,
    });
    let cityId: number | undefined;
    if (input.city !== undefined) {
      const id = Number(input.city.slice(input.city.lastIndexOf('/') + 1));
      const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, id));
      if (!city) throw invalid('city', 'reference');
      cityId = city.id;
    }
    const lessorId =
      input.lessor === undefined || input.lessor === null
        ? input.lessor
        : (await resolveRef(db, ctx, ref(lessors, 'lessors', 'lessor'), input.lessor)).id;
    const responsibleWorkerId =
      input.responsibleWorker === undefined || input.responsibleWorker === null
        ? input.responsibleWorker
        : (await resolveRef(db, ctx, ref(users, 'users', 'responsibleWorker'), input.responsibleWorker)).id;
    const tagIds = input.tags === undefined ? undefined : await resolveRefIds(db, ctx, ref(tags, 'tags', 'tags'), input.tags);
    return defined({
      ...pickFields(input, STORED),
      cityId,
      lessorId,
      workingHours: input.workingHours,
      responsibleWorkerId,
      rentalPercentageBp: toBp(input.rentalPercentage),
      tagIds,
    });
  };

  return {
    list: reads.list,
    get: reads.get,
    async create(ctx, input) {
      const companyId = await targetCompanyId(db, ctx, input.company);
      const values = await columnsOf(ctx, companyId, input);
      const row = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(locations)
          .values({ ...values, companyId, name: input.name, cityId: values.cityId as number })
          .returning();
        if (row) await recordChange(tx, ctx, { resource: 'locations', recordId: row.id, companyId, action: 'create', after: row });
        return row;
      });
      return toLocation((await reads.find(ctx, row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const values = await columnsOf(ctx, current.companyId, patch);
      // The change and its audit row (rent terms among the fields) commit together (decision 0028).
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(locations).where(eq(locations.id, id)).for('update');
        const [after] = await tx
          .update(locations)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(locations.id, id))
          .returning();
        if (before && after)
          await recordChange(tx, ctx, {
            resource: 'locations',
            recordId: id,
            companyId: current.companyId,
            action: 'update',
            before,
            after,
          });
      });
      return toLocation((await reads.find(ctx, id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await reads.find(ctx, id))) return false;
      await refuseInUse(
        () => locationDependents(db, id),
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.delete(locations).where(eq(locations.id, id)).returning();
            if (before)
              await recordChange(tx, ctx, { resource: 'locations', recordId: id, companyId: before.companyId, action: 'delete', before });
          }),
      );
      return true;
    },
  };
}
