import { alarmRulesOf, type Company, type CompanyCreate, type CompanyPatch, identity, iri, mergeAlarmRules } from '@kovanica/contract';
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../core/context.ts';
import { DomainError, invalid } from '../../core/errors.ts';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import { refuseInUse, uniqueFields } from '../../db/errors.ts';
import { resolveCompanyRef } from '../../db/references.ts';
import { type CompanyRow, companies } from '../../db/schema/index.ts';
import { defined } from '../../db/units.ts';
import { recordChange } from '../audit-log/audit-log.service.ts';
import { companyAndAncestors, companyDependents } from './companies.queries.ts';
import { applySetup, type CompanySetup } from './companies.setup.ts';

export function toCompany(row: CompanyRow): Company {
  return {
    ...identity('companies', 'Company', row.id),
    name: row.name,
    oib: row.oib,
    inVatSystem: row.inVatSystem,
    address: row.address,
    phone: row.phone,
    email: row.email,
    notificationEmails: row.notificationEmails,
    sendNotifications: row.sendNotifications,
    sendDailyReports: row.sendDailyReports,
    sendDepositNotifications: row.sendDepositNotifications,
    sendDeviceEmptyEvents: row.sendDeviceEmptyEvents,
    sendUnverifiedDeposits: row.sendUnverifiedDeposits,
    language: row.language,
    operationalCostsCents: row.operationalCostsCents,
    tokenValueCents: row.tokenValueCents,
    depositToleranceCents: row.depositToleranceCents,
    cardCorrectionLimitCents: row.cardCorrectionLimitCents,
    offlineThresholdMinutes: row.offlineThresholdMinutes,
    alarmRules: alarmRulesOf(row.alarmRules),
    alarmEscalationMinutes: row.alarmEscalationMinutes,
    visitFillPercent: row.visitFillPercent,
    visitFullWithinDays: row.visitFullWithinDays,
    depotLatitude: row.depotLatitude,
    depotLongitude: row.depotLongitude,
    isTopGun: row.isTopGun,
    parent: row.parentId === null ? null : iri('companies', row.parentId),
    activeModules: row.activeModules,
    activeModuleComponents: row.activeModuleComponents,
    createdAt: row.createdAt.toISOString(),
  };
}

// The alarm settings are merged into what the company stored (`mergeAlarmRules`), in the write's transaction.
type CompanyFields = Omit<CompanyPatch, 'parent' | 'alarmRules' | keyof CompanySetup>;

/** Copies the plain fields of a create or patch body to columns. */
function columnsOf(input: CompanyFields): Partial<typeof companies.$inferInsert> {
  const { name, oib, inVatSystem, address, phone, email, notificationEmails, sendNotifications, sendDailyReports } = input;
  const { sendDepositNotifications, sendDeviceEmptyEvents, sendUnverifiedDeposits, operationalCostsCents, isTopGun } = input;
  const { language, visitFillPercent, visitFullWithinDays, depotLatitude, depotLongitude } = input;
  const {
    activeModules,
    activeModuleComponents,
    tokenValueCents,
    depositToleranceCents,
    offlineThresholdMinutes,
    cardCorrectionLimitCents,
    alarmEscalationMinutes,
  } = input;
  return defined({
    name,
    oib,
    inVatSystem,
    address,
    phone,
    email,
    notificationEmails,
    sendNotifications,
    sendDailyReports,
    sendDepositNotifications,
    sendDeviceEmptyEvents,
    sendUnverifiedDeposits,
    language,
    operationalCostsCents,
    isTopGun,
    activeModules,
    activeModuleComponents,
    tokenValueCents,
    depositToleranceCents,
    cardCorrectionLimitCents,
    offlineThresholdMinutes,
    alarmEscalationMinutes,
    visitFillPercent,
    visitFullWithinDays,
    depotLatitude,
    depotLongitude,
  });
}

/** The depot is a point: both coordinates or neither (docs/rules.md "Visits"), after the change. */
function checkDepot(latitude: number | null | undefined, longitude: number | null | undefined) {
  if (((latitude ?? null) === null) !== ((longitude ?? null) === null)) throw invalid('depotLatitude', 'depot_pair');
}

export function companiesService(db: Db): CrudService<Company, CompanyCreate, CompanyPatch> {
  // A company is its own tenant row: the caller's scope lists company ids directly.
  const reads = tableReads(db, companies, { company: companies.id, toItem: toCompany });

  /**
   * A parent must be a reachable top-level company other than the company itself, and not one below
   * it (a top-level company may have a parent of its own): the group never runs in a circle.
   */
  const parentId = async (ctx: RequestContext, value: string | null | undefined, selfId?: number) => {
    if (value === undefined || value === null) return value;
    const parent = await resolveCompanyRef(db, ctx, 'parent', value);
    if (parent.id === selfId) throw invalid('parent', 'self_parent');
    if (!parent.isTopGun) throw invalid('parent', 'parent_not_top');
    if (selfId !== undefined && (await companyAndAncestors(db, parent.id)).includes(selfId)) throw invalid('parent', 'parent_cycle');
    return parent.id;
  };

  const uniqueOib = <T>(work: () => Promise<T>) => uniqueFields({ companies_oib_key: 'oib' }, work);

  return {
    list: reads.list,
    get: reads.get,

    /** The company and what the wizard set up with it (loggers, users) are stored together or not at all. */
    async create(ctx, input) {
      const parent = await parentId(ctx, input.parent);
      checkDepot(input.depotLatitude, input.depotLongitude);
      const values = {
        ...columnsOf(input),
        name: input.name,
        oib: input.oib,
        address: input.address,
        parentId: parent ?? null,
        alarmRules: mergeAlarmRules({}, input.alarmRules ?? {}),
      };
      return db.transaction(async (tx) => {
        const [row] = await uniqueOib(() => tx.insert(companies).values(values).returning());
        if (!row) throw new Error('insert returned nothing');
        await recordChange(tx, ctx, { resource: 'companies', recordId: row.id, companyId: row.id, action: 'create', after: row });
        const issued = await applySetup(tx, ctx, row.id, input);
        return { ...toCompany(row), ...(issued.length ? { issuedCredentials: issued } : {}) };
      });
    },

    async update(ctx, id, patch) {
      const current = await reads.find(ctx, id);
      if (!current) return null;
      const changes = { ...columnsOf(patch), updatedAt: new Date() } as Partial<typeof companies.$inferInsert>;
      checkDepot(
        patch.depotLatitude === undefined ? current.depotLatitude : patch.depotLatitude,
        patch.depotLongitude === undefined ? current.depotLongitude : patch.depotLongitude,
      );
      if (patch.parent !== undefined) changes.parentId = await parentId(ctx, patch.parent, id);
      if (patch.isTopGun === false && current.isTopGun) {
        const { companies: subsidiaries } = await companyDependents(db, id);
        if (subsidiaries > 0) throw invalid('isTopGun', 'invalid');
      }
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
        // Locked: two changes of different kinds at once both stay.
        if (before && patch.alarmRules) changes.alarmRules = mergeAlarmRules(before.alarmRules, patch.alarmRules);
        const [row] = await uniqueOib(() => tx.update(companies).set(changes).where(eq(companies.id, id)).returning());
        if (!row) return null;
        // Company settings (costs, token value, tolerance, modules…) with their audit row (decision 0028).
        if (before)
          await recordChange(tx, ctx, { resource: 'companies', recordId: id, companyId: id, action: 'update', before, after: row });
        const issued = await applySetup(tx, ctx, row.id, patch);
        return { ...toCompany(row), ...(issued.length ? { issuedCredentials: issued } : {}) };
      });
    },

    async remove(ctx, id) {
      const current = await reads.find(ctx, id);
      if (!current) return false;
      if (id === ctx.actor.companyId) throw new DomainError(403, 'forbidden');
      await refuseInUse(
        () => companyDependents(db, id),
        () =>
          db.transaction(async (tx) => {
            const [before] = await tx.delete(companies).where(eq(companies.id, id)).returning();
            if (before) await recordChange(tx, ctx, { resource: 'companies', recordId: id, companyId: id, action: 'delete', before });
          }),
      );
      return true;
    },
  };
}
