import {
  identity,
  iri,
  type Location,
  type LocationCreate,
  type LocationPatch,
  type RentalTermsApplied,
  type WorkingHours,
  weekdays,
} from '@kovanica/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refuseInUse } from '../../db/errors.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { resolveRef, resolveRefIds, targetCompanyId } from '../../db/references.ts';
import { cities, lessors, locations, tags, users } from '../../db/schema/index.ts';
import { defined, fromBp, toBp } from '../../db/units.ts';
import type { RequestContext } from '../../http/context.ts';
import type { CrudService } from '../../http/crud.ts';
import { invalid } from '../../http/problems.ts';
import { inCompanies } from '../../http/tenancy.ts';
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

export function toLocation(row: Row): Location {
  return {
    ...identity('locations', 'Location', row.id),
    company: iri('companies', row.companyId),
    name: row.name,
    city: iri('cities', row.cityId),
    cityName: row.cityName,
    active: row.active,
    lessor: row.lessorId === null ? null : iri('lessors', row.lessorId),
    lessorName: row.lessorTerms?.name ?? null,
    description: row.description,
    street: row.street,
    address: row.address,
    workingHours: { ...closedAllWeek, ...row.workingHours },
    responsibleWorker: row.responsibleWorkerId === null ? null : iri('users', row.responsibleWorkerId),
    responsibleWorkerName: row.responsibleWorkerName,
    rentalType: row.rentalType,
    contractRentalAmountCents: row.contractRentalAmountCents,
    incomeLimitCents: row.incomeLimitCents,
    rentalPercentage: fromBp(row.rentalPercentageBp),
    rentalTerms: rentalTerms(row, row.lessorTerms),
    fiscalization: row.fiscalization,
    paymentMethod: row.paymentMethod,
    premisesLabel: row.premisesLabel,
    latitude: row.latitude,
    longitude: row.longitude,
    tags: row.tagIds.map((id) => iri('tags', id)),
    tagLabels: toTagLabels(row.tagLabels),
    devicesCount: row.devicesCount,
    createdAt: row.createdAt.toISOString(),
  };
}

export function locationsService(db: Db): CrudService<Location, LocationCreate, LocationPatch> {
  const scope = (ids: readonly number[] | null): SQL | undefined => inCompanies(locations.companyId, ids);
  const find = (id: number, ids: readonly number[] | null) => selectOne(db, locations, id, scope(ids), locationExtras());

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
      name: input.name,
      cityId,
      active: input.active,
      lessorId,
      description: input.description,
      street: input.street,
      address: input.address,
      workingHours: input.workingHours,
      responsibleWorkerId,
      rentalType: input.rentalType,
      contractRentalAmountCents: input.contractRentalAmountCents,
      incomeLimitCents: input.incomeLimitCents,
      rentalPercentageBp: toBp(input.rentalPercentage),
      fiscalization: input.fiscalization,
      paymentMethod: input.paymentMethod,
      premisesLabel: input.premisesLabel,
      latitude: input.latitude,
      longitude: input.longitude,
      tagIds,
    });
  };

  return {
    async list(ctx, query) {
      const { rows, total } = await selectPage(db, locations, scope(ctx.listed), query, locationExtras());
      return { items: rows.map(toLocation), total };
    },
    async get(ctx, id) {
      const row = await find(id, ctx.visible);
      return row ? toLocation(row) : null;
    },
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
      return toLocation((await find(row?.id ?? 0, null)) as Row);
    },
    async update(ctx, id, patch) {
      const current = await find(id, ctx.visible);
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
      return toLocation((await find(id, null)) as Row);
    },
    async remove(ctx, id) {
      if (!(await find(id, ctx.visible))) return false;
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
