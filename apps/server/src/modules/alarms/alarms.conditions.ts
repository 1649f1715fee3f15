import {
  type AlarmKind,
  alarmKinds,
  alarmRulesOf,
  alarmThresholds,
  type MachineAuditEvent,
  type Module,
  outsideTolerance,
} from '@kovanica/contract';
import { and, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bills, companies, deposits, deviceState, devices, lessors, locations } from '../../db/schema/index.ts';
import { isOpen } from '../devices/devices.service.ts';
import { prizeStockLeft } from '../movements/movements.service.ts';

/** A condition that holds now (docs/rules.md "Alarms"): what an open alarm stands for. */
export interface Condition {
  companyId: number;
  kind: AlarmKind;
  /** `<collection>/<id>` of what it is about: one open alarm per kind and subject. */
  subject: string;
  deviceId: number | null;
  locationId: number | null;
  depositId: number | null;
  billId: number | null;
  lessorId: number | null;
  figure: number | null;
  code: string | null;
}

/** Each company's setting of each kind: whether it is on, and its figure (the default where it set none). */
export type Settings = Map<number, Map<AlarmKind, { enabled: boolean; threshold: number | null }>>;

/** The kinds a company's modules allow: no deposits, no deposit alarms. */
const kindModule: Partial<Record<AlarmKind, Module>> = {
  device_critical: 'devices',
  device_offline: 'devices',
  machine_event: 'devices',
  cash_box_full: 'devices',
  prize_stock_low: 'stock',
  deposit_difference: 'deposits',
  bill_deadline: 'bills',
};

/** The settings of every company, or of the ones given: its own over each kind's default, a kind its modules lack off. */
export async function alarmSettings(db: Db, companyIds: readonly number[] | null = null): Promise<Settings> {
  const where = companyIds ? inArray(companies.id, [...companyIds]) : undefined;
  const rows = await db
    .select({ id: companies.id, modules: companies.activeModules, rules: companies.alarmRules })
    .from(companies)
    .where(where);
  const settings: Settings = new Map();
  for (const company of rows) {
    const rules = alarmRulesOf(company.rules);
    const kinds = new Map<AlarmKind, { enabled: boolean; threshold: number | null }>();
    for (const kind of alarmKinds) {
      const module = kindModule[kind];
      kinds.set(kind, {
        enabled: (module === undefined || company.modules.includes(module)) && rules[kind].enabled,
        threshold: rules[kind].threshold,
      });
    }
    settings.set(company.id, kinds);
  }
  return settings;
}

const subject = (collection: string, id: number) => `${collection}/${id}`;
const none = { deviceId: null, locationId: null, depositId: null, billId: null, lessorId: null, figure: null, code: null };

/** Whether a company has a kind on, and its figure. */
function setting(settings: Settings, companyId: number, kind: AlarmKind) {
  const own = settings.get(companyId)?.get(kind);
  return own?.enabled ? { threshold: own.threshold ?? 0 } : null;
}

/** Devices whose alarm code is set (docs/rules.md "Telemetry, devices in operation, deposits"). */
async function critical(db: Db, settings: Settings): Promise<Condition[]> {
  const rows = await db
    .select({ deviceId: devices.id, companyId: devices.companyId, locationId: devices.locationId, code: deviceState.criticalCode })
    .from(deviceState)
    .innerJoin(devices, eq(devices.id, deviceState.deviceId))
    .where(eq(deviceState.critical, true));
  return rows
    .filter((r) => setting(settings, r.companyId, 'device_critical'))
    .map((r) => ({ ...none, ...r, kind: 'device_critical', subject: subject('devices', r.deviceId) }));
}

/**
 * Devices whose logger has said nothing for longer than the company's offline threshold while their
 * location is open now: a logger may sleep while the shop is shut.
 */
async function offline(db: Db, settings: Settings, now: Date): Promise<Condition[]> {
  const rows = await db
    .select({
      deviceId: devices.id,
      companyId: devices.companyId,
      locationId: devices.locationId,
      lastEventAt: deviceState.lastEventAt,
      threshold: companies.offlineThresholdMinutes,
      hours: locations.workingHours,
      active: locations.active,
    })
    .from(deviceState)
    .innerJoin(devices, eq(devices.id, deviceState.deviceId))
    .innerJoin(companies, eq(companies.id, devices.companyId))
    .innerJoin(locations, eq(locations.id, devices.locationId))
    .where(
      and(
        isNotNull(devices.loggerId),
        sql`${deviceState.lastEventAt} < ${now.toISOString()}::timestamptz - make_interval(mins => ${companies.offlineThresholdMinutes})`,
      ),
    );
  return rows
    .filter((r) => r.active && r.lastEventAt && setting(settings, r.companyId, 'device_offline') && isOpen(r.hours, now))
    .map((r) => ({
      ...none,
      companyId: r.companyId,
      deviceId: r.deviceId,
      locationId: r.locationId,
      kind: 'device_offline',
      subject: subject('devices', r.deviceId),
      figure: Math.floor((now.getTime() - (r.lastEventAt as Date).getTime()) / 60_000),
    }));
}

/**
 * Devices whose latest machine audit (EVA-DTS), taken within the company's days, reports events still
 * active (`EA2`'s active flag): the codes, as the machine gives them, are the alarm's code; their
 * number its figure. One-off events (active unknown) are the audit's history, not an alarm.
 */
async function machineEvent(db: Db, settings: Settings, now: Date): Promise<Condition[]> {
  const result = await db.execute(sql`
    select distinct on (a.device_id) a.device_id, a.company_id, d.location_id, a.audited_at, a.events
    from machine_audits a join devices d on d.id = a.device_id and d.company_id = a.company_id
    where a.device_id is not null
      and a.audited_at >= ${now.toISOString()}::timestamptz - make_interval(days => ${alarmThresholds.machine_event.max})
    order by a.device_id, a.audited_at desc, a.id desc`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.flatMap((r) => {
    const companyId = Number(r.company_id);
    const on = setting(settings, companyId, 'machine_event');
    const age = now.getTime() - new Date(r.audited_at as string).getTime();
    if (!on || age > on.threshold * 86_400_000) return [];
    const active = (r.events as MachineAuditEvent[]).filter((e) => e.active === true);
    if (active.length === 0) return [];
    const deviceId = Number(r.device_id);
    return [
      {
        ...none,
        companyId,
        deviceId,
        locationId: r.location_id === null ? null : Number(r.location_id),
        kind: 'machine_event' as const,
        subject: subject('devices', deviceId),
        figure: active.length,
        code: [...new Set(active.map((e) => e.code))].join(', ').slice(0, 200),
      },
    ];
  });
}

/** Devices whose box holds at least the company's percent of its capacity (devices with a capacity told). */
async function cashBoxFull(db: Db, settings: Settings): Promise<Condition[]> {
  const rows = await db
    .select({
      deviceId: devices.id,
      companyId: devices.companyId,
      locationId: devices.locationId,
      box: deviceState.boxCents,
      capacity: devices.cashBoxCapacityCents,
    })
    .from(deviceState)
    .innerJoin(devices, eq(devices.id, deviceState.deviceId))
    .where(and(isNotNull(devices.cashBoxCapacityCents), sql`${devices.cashBoxCapacityCents} > 0`));
  const conditions: Condition[] = [];
  for (const r of rows) {
    const on = setting(settings, r.companyId, 'cash_box_full');
    const capacity = r.capacity ?? 0;
    // Whole percent, rounded down: 79.9 % is not 80 %.
    const percent = Math.floor((Number(r.box) * 100) / capacity);
    if (!on || percent < on.threshold) continue;
    conditions.push({
      ...none,
      companyId: r.companyId,
      deviceId: r.deviceId,
      locationId: r.locationId,
      kind: 'cash_box_full',
      subject: subject('devices', r.deviceId),
      figure: percent,
    });
  }
  return conditions;
}

/** Prize devices loaded at least once with at most the company's number of prizes left (negative: loads missing). */
async function prizeStockLow(db: Db, settings: Settings): Promise<Condition[]> {
  const companyIds = [...settings].filter(([id]) => setting(settings, id, 'prize_stock_low')).map(([id]) => id);
  if (companyIds.length === 0) return [];
  const stocks = await prizeStockLeft(db, companyIds);
  return stocks
    .filter((s) => s.left <= (setting(settings, s.companyId, 'prize_stock_low')?.threshold ?? -Infinity))
    .map((s) => ({
      ...none,
      companyId: s.companyId,
      deviceId: s.deviceId,
      locationId: s.locationId,
      kind: 'prize_stock_low',
      subject: subject('devices', s.deviceId),
      figure: s.left,
    }));
}

/**
 * Deposits counted by a worker further from what telemetry counted than the company tolerates, and
 * not yet verified: someone other than the counter has to accept the difference, with a note.
 */
async function depositDifference(db: Db, settings: Settings): Promise<Condition[]> {
  const rows = await db
    .select({
      depositId: deposits.id,
      companyId: deposits.companyId,
      deviceId: deposits.deviceId,
      locationId: deposits.locationId,
      reportedCoinsCents: deposits.reportedCoinsCents,
      reportedTokens: deposits.reportedTokens,
      depositCoinsCents: deposits.depositCoinsCents,
      depositTokens: deposits.depositTokens,
      tokenValueCents: devices.tokenValueCents,
      toleranceCents: companies.depositToleranceCents,
    })
    .from(deposits)
    .innerJoin(devices, eq(devices.id, deposits.deviceId))
    .innerJoin(companies, eq(companies.id, deposits.companyId))
    .where(and(isNotNull(deposits.depositCoinsCents), isNull(deposits.verifiedAt)));
  return rows
    .filter((r) => setting(settings, r.companyId, 'deposit_difference') && outsideTolerance(r, r.tokenValueCents, r.toleranceCents))
    .map((r) => ({
      ...none,
      companyId: r.companyId,
      deviceId: r.deviceId,
      locationId: r.locationId,
      depositId: r.depositId,
      kind: 'deposit_difference',
      subject: subject('deposits', r.depositId),
      figure:
        Math.abs((r.depositCoinsCents ?? 0) - r.reportedCoinsCents) +
        Math.abs((r.depositTokens ?? 0) - r.reportedTokens) * r.tokenValueCents,
    }));
}

/** Bills without a JIR that have waited at least the company's hours (the law allows 48 for a late delivery). */
async function billDeadline(db: Db, settings: Settings, now: Date): Promise<Condition[]> {
  // The shortest wait any company alarms at bounds the read (the partial index of bills without a JIR).
  const hours = [...settings.keys()].map((id) => setting(settings, id, 'bill_deadline')?.threshold).filter((h) => h !== undefined);
  if (hours.length === 0) return [];
  const since = new Date(now.getTime() - Math.min(...hours) * 3_600_000);
  const rows = await db
    .select({ billId: bills.id, companyId: bills.companyId, deviceId: bills.deviceId, issuedAt: bills.issuedAt })
    .from(bills)
    .where(and(isNull(bills.jir), lte(bills.issuedAt, since)));
  const conditions: Condition[] = [];
  for (const r of rows) {
    const on = setting(settings, r.companyId, 'bill_deadline');
    const waited = Math.floor((now.getTime() - r.issuedAt.getTime()) / 3_600_000);
    if (!on || waited < on.threshold) continue;
    const { issuedAt: _, ...place } = r;
    conditions.push({ ...none, ...place, kind: 'bill_deadline', subject: subject('bills', r.billId), figure: waited });
  }
  return conditions;
}

/**
 * Lessors whose contract ends within the company's days (or has ended) while one of their locations
 * is still active: the machines stand there on a contract that is running out.
 */
async function lessorContractEnding(db: Db, settings: Settings, today: string): Promise<Condition[]> {
  const rows = await db
    .select({ lessorId: lessors.id, companyId: lessors.companyId, contractEnd: lessors.contractEnd })
    .from(lessors)
    .where(
      and(
        isNotNull(lessors.contractEnd),
        sql`exists (select 1 from ${locations} where ${locations.lessorId} = ${lessors.id} and ${locations.active})`,
      ),
    );
  const conditions: Condition[] = [];
  for (const r of rows) {
    const on = setting(settings, r.companyId, 'lessor_contract_ending');
    const daysLeft = Math.round((Date.parse(r.contractEnd as string) - Date.parse(today)) / 86_400_000);
    if (!on || daysLeft > on.threshold) continue;
    conditions.push({
      ...none,
      companyId: r.companyId,
      lessorId: r.lessorId,
      kind: 'lessor_contract_ending',
      subject: subject('lessors', r.lessorId),
      figure: daysLeft,
    });
  }
  return conditions;
}

/** Every condition that holds now, of every company (docs/rules.md "Alarms"). `today` is Zagreb's business day. */
export async function conditionsNow(db: Db, settings: Settings, now: Date, today: string): Promise<Condition[]> {
  const all = await Promise.all([
    critical(db, settings),
    offline(db, settings, now),
    machineEvent(db, settings, now),
    cashBoxFull(db, settings),
    prizeStockLow(db, settings),
    depositDifference(db, settings),
    billDeadline(db, settings, now),
    lessorContractEnding(db, settings, today),
  ]);
  return all.flat();
}
