import { z } from 'zod';
import type { Role } from '../access.ts';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { defineResource } from '../resource.ts';
import { LATE_DELIVERY_LIMIT_HOURS, UNFISCALIZED_ALARM_HOURS } from './bills.ts';

/**
 * Alarms (docs/rules.md "Alarms"): a condition that costs an operator money or a legal deadline,
 * raised by the server when it begins, one open alarm per kind and subject, resolved by the server
 * when the condition ends. A person acknowledges one ("I am on it"): it stays open until its condition
 * ends, and stops asking for attention.
 */
export const alarmKinds = [
  'device_critical',
  'device_offline',
  'machine_event',
  'cash_box_full',
  'prize_stock_low',
  'deposit_difference',
  'bill_deadline',
  'lessor_contract_ending',
] as const;
export type AlarmKind = (typeof alarmKinds)[number];

/**
 * Each kind's setting, its unit and its default (a company may change both on and off and the
 * figure; docs/rules.md "Alarms" says what each figure means):
 * - `cash_box_full`: percent of the box's capacity;
 * - `prize_stock_low`: prizes left;
 * - `bill_deadline`: hours a bill has waited for its JIR (the late-delivery limit is 48);
 * - `lessor_contract_ending`: days before the contract's last day;
 * - `machine_event`: days a machine audit's active events stand for the machine's state (an older
 *   audit says nothing of now);
 * - `device_critical`, `device_offline` and `deposit_difference` have no figure of their own (the
 *   device's alarm code; the company's offline threshold and deposit tolerance, its other settings).
 */
export const alarmThresholds = {
  device_critical: null,
  device_offline: null,
  machine_event: { unit: 'days', default: 7, min: 1, max: 90 },
  cash_box_full: { unit: 'percent', default: 80, min: 10, max: 100 },
  prize_stock_low: { unit: 'prizes', default: 10, min: 0, max: 1_000 },
  deposit_difference: null,
  bill_deadline: { unit: 'hours', default: UNFISCALIZED_ALARM_HOURS, min: 1, max: LATE_DELIVERY_LIMIT_HOURS - 1 },
  lessor_contract_ending: { unit: 'days', default: 30, min: 1, max: 365 },
} as const satisfies Record<AlarmKind, { unit: string; default: number; min: number; max: number } | null>;

/** A company's setting of a kind: on or off, and its figure (null: the kind has none, `alarmThresholds`). */
export const alarmRule = z.object({ enabled: z.boolean(), threshold: z.number().int().nullable() });
export type AlarmRule = z.infer<typeof alarmRule>;
/** A company's settings of every kind, its own where it set one, the defaults elsewhere. */
export const alarmRulesSchema = z.object(Object.fromEntries(alarmKinds.map((k) => [k, alarmRule])) as Record<AlarmKind, typeof alarmRule>);
export type AlarmRules = z.infer<typeof alarmRulesSchema>;
/** What a company stored: only the kinds and parts it set. */
export type StoredAlarmRules = Partial<Record<AlarmKind, Partial<AlarmRule>>>;

/**
 * A change of a company's settings: for each kind given, `enabled` and/or `threshold` (null: back to
 * the default) within the kind's bounds; a kind without a figure takes no threshold. Kinds and parts not
 * given stay as they are.
 */
export const alarmRulesPatch = z
  .partialRecord(z.enum(alarmKinds), z.strictObject({ enabled: z.boolean().optional(), threshold: z.number().int().nullable().optional() }))
  .superRefine((rules, ctx) => {
    for (const [kind, rule] of Object.entries(rules)) {
      const bounds = alarmThresholds[kind as AlarmKind];
      const threshold = rule?.threshold;
      if (threshold === undefined || threshold === null) continue;
      if (bounds === null) ctx.addIssue({ code: 'custom', path: [kind, 'threshold'], message: 'invalid' });
      else if (threshold < bounds.min)
        ctx.addIssue({
          code: 'too_small',
          origin: 'number',
          minimum: bounds.min,
          inclusive: true,
          path: [kind, 'threshold'],
          input: threshold,
        });
      else if (threshold > bounds.max)
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: bounds.max,
          inclusive: true,
          path: [kind, 'threshold'],
          input: threshold,
        });
    }
  });
export type AlarmRulesPatch = z.infer<typeof alarmRulesPatch>;

/** A company's settings as they apply: what it stored over each kind's default. */
export function alarmRulesOf(stored: StoredAlarmRules): AlarmRules {
  return Object.fromEntries(
    alarmKinds.map((kind) => [
      kind,
      { enabled: stored[kind]?.enabled ?? true, threshold: stored[kind]?.threshold ?? alarmThresholds[kind]?.default ?? null },
    ]),
  ) as AlarmRules;
}

/** A change applied to what a company stored: a threshold of null removed (the default again). */
export function mergeAlarmRules(stored: StoredAlarmRules, patch: AlarmRulesPatch): StoredAlarmRules {
  const merged: StoredAlarmRules = { ...stored };
  for (const [kind, change] of Object.entries(patch) as [AlarmKind, Partial<AlarmRule> | undefined][]) {
    if (!change) continue;
    const next: Partial<AlarmRule> = { ...merged[kind], ...change };
    if (next.threshold === null) delete next.threshold;
    merged[kind] = next;
  }
  return merged;
}

/** The kinds that stop a device earning: their alarms are priced at what the device earns in this hour. */
export const costlyAlarmKinds: readonly AlarmKind[] = ['device_critical', 'device_offline', 'cash_box_full'];

export const alarmStatuses = ['open', 'acknowledged', 'resolved'] as const;
export type AlarmStatus = (typeof alarmStatuses)[number];

export const alarmItem = z.object({
  ...itemMeta,
  company: z.string(),
  kind: z.enum(alarmKinds),
  status: z.enum(alarmStatuses),
  /** The device it is about (the deposit's or the bill's device for those kinds); null for a lessor's contract. */
  device: z.string().nullable(),
  deviceName: z.string().nullable(),
  location: z.string().nullable(),
  locationName: z.string().nullable(),
  /** The deposit, bill or lessor it is about, for those kinds. */
  deposit: z.string().nullable(),
  bill: z.string().nullable(),
  lessor: z.string().nullable(),
  lessorName: z.string().nullable(),
  raisedAt: z.string(),
  /**
   * The figure that raised it, in the kind's unit (minutes offline, percent full, prizes left, the
   * difference in cents, hours waited, days left), as it was when last checked; null for a critical device.
   */
  figure: z.number().int().nullable(),
  /** The device's alarm code, for a critical device. */
  code: z.string().nullable(),
  /**
   * What it costs each hour it stays open, in cents: what its device takes in, on average, in this hour
   * of this weekday (the last eight weeks); 0 for the kinds that do not stop a device earning.
   */
  lossCentsPerHour: z.number().int(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  acknowledgedByName: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** When the managers were told because nobody took it in time (or at once, with nobody else to tell). */
  escalatedAt: z.string().nullable(),
});
export type Alarm = z.infer<typeof alarmItem>;

/**
 * The body of an acknowledgement: one alarm or many, all or none. Acknowledging one already
 * acknowledged or resolved changes nothing (a client that retries gets the same answer).
 */
export const alarmAcknowledgement = z.strictObject({ alarms: z.array(zIri('alarms')).min(1).max(200) });
export type AlarmAcknowledgement = z.infer<typeof alarmAcknowledgement>;
/** How many of them this acknowledgement took (those not acknowledged or resolved before it). */
export const alarmAcknowledgementAnswer = z.object({ acknowledged: z.number().int() });

/**
 * The open alarms of the caller's view at a glance (`GET /alarms/summary`): how many wait for someone,
 * how many someone took, and what they all cost each hour they stay open (the sum of their
 * `lossCentsPerHour`), for the bell, the dashboard and the open list's headline.
 */
export const alarmSummary = z.object({
  open: z.number().int(),
  acknowledged: z.number().int(),
  lossCentsPerHour: z.number().int(),
});
export type AlarmSummary = z.infer<typeof alarmSummary>;

export const alarmsCollection: CollectionSpec = {
  filters: { kind: 'exact', status: 'exact', device: 'exact', location: 'exact', raisedAt: 'range', company: 'exact' },
  order: ['id', 'raisedAt', 'lossCentsPerHour', 'resolvedAt'],
  // The most expensive first; among alarms that cost nothing by the hour, the oldest first.
  defaultOrder: { lossCentsPerHour: 'desc', raisedAt: 'asc' },
};

export const alarmsResource = defineResource({
  name: 'alarms',
  item: alarmItem,
  collection: alarmsCollection,
  // An alarm shows its device's, location's and lessor's names, and who acknowledged it.
  embeds: ['devices', 'locations', 'lessors', 'users', 'telemetry', 'deposits', 'bills'],
});

/**
 * Who is told of an alarm (docs/rules.md "Alarms", "Who is told"): each person chooses the kinds, the
 * tags of the devices and locations they look after, the channels beyond the bell (e-mail, push to a
 * browser or phone) and quiet hours in which nothing is sent to them (the bell still shows it). What a
 * person has not chosen follows their roles: these are the kinds each role is told of by default.
 */
export const roleAlarmKinds: Record<Role, readonly AlarmKind[]> = {
  worker: ['device_critical', 'device_offline', 'machine_event', 'cash_box_full', 'prize_stock_low'],
  manager: alarmKinds,
  accountant: ['deposit_difference', 'bill_deadline', 'lessor_contract_ending'],
  admin: [],
};

/**
 * Who is told first and who when nobody acknowledged it in time: an alarm goes first to the people of
 * the company who are told of it and hold none of the `escalationRoles`; unacknowledged after the
 * company's escalation minutes (or at once, when there is no such person) to those who hold one.
 */
export const escalationRoles: readonly Role[] = ['manager', 'admin'];
/** A company's minutes before an unacknowledged alarm escalates, by default; 0 never escalates. */
export const ALARM_ESCALATION_MINUTES = 30;
export const ALARM_ESCALATION_MAX_MINUTES = 24 * 60;

const clock = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'format' });
/** Hours (Europe/Zagreb) in which nothing is sent to a person; `from` after `to` spans midnight. */
export const quietHours = z.strictObject({ from: clock, to: clock }).refine((h) => h.from !== h.to, { error: 'invalid', path: ['to'] });
export type QuietHours = z.infer<typeof quietHours>;

/** A person's alarm preferences as they apply: their own choices over their roles' defaults. */
export const alarmPreferences = z.object({
  /** The kinds they are told of. */
  kinds: z.array(z.enum(alarmKinds)),
  /** Only alarms about devices or locations with one of these tags (empty: all of the company's). */
  tags: z.array(z.string()),
  /** An e-mail for each alarm they are told of. */
  email: z.boolean(),
  /** A push message to each browser or phone they turned it on in. */
  push: z.boolean(),
  quietHours: quietHours.nullable(),
});
export type AlarmPreferences = z.infer<typeof alarmPreferences>;

/** What a person stored: only what they chose (tags by id). */
export type StoredAlarmPreferences = {
  kinds?: AlarmKind[];
  tagIds?: number[];
  email?: boolean;
  push?: boolean;
  quietHours?: QuietHours | null;
};

/** A change of one's preferences: each part given replaces the stored one; `kinds: null` is the roles' default again. */
export const alarmPreferencesPatch = z.strictObject({
  kinds: z.array(z.enum(alarmKinds)).max(alarmKinds.length).nullable().optional(),
  tags: z.array(zIri('tags')).max(100).optional(),
  email: z.boolean().optional(),
  push: z.boolean().optional(),
  quietHours: quietHours.nullable().optional(),
});
export type AlarmPreferencesPatch = z.infer<typeof alarmPreferencesPatch>;

/** The roles' default of kinds: every kind one of them is told of. */
export function roleKinds(userRoles: readonly Role[]): AlarmKind[] {
  return alarmKinds.filter((kind) => userRoles.some((role) => roleAlarmKinds[role].includes(kind)));
}

/**
 * A person's preferences as they apply. By default: their roles' kinds, every tag, push on, and e-mail
 * on unless they are only a worker (a worker's phone is their channel), no quiet hours.
 */
export function alarmPreferencesOf(
  stored: StoredAlarmPreferences,
  userRoles: readonly Role[],
  tagIri: (id: number) => string,
): AlarmPreferences {
  return {
    kinds: stored.kinds ? alarmKinds.filter((k) => stored.kinds?.includes(k)) : roleKinds(userRoles),
    tags: (stored.tagIds ?? []).map(tagIri),
    email: stored.email ?? userRoles.some((role) => role !== 'worker'),
    push: stored.push ?? true,
    quietHours: stored.quietHours ?? null,
  };
}

/** A change of one's preferences applied to what they stored (`tags` given as the ids they name): each part given replaces the stored one. */
export function mergeAlarmPreferences(
  stored: StoredAlarmPreferences,
  patch: AlarmPreferencesPatch,
  tagIds: number[] | undefined,
): StoredAlarmPreferences {
  const merged: StoredAlarmPreferences = { ...stored };
  if (patch.kinds === null) delete merged.kinds;
  else if (patch.kinds !== undefined) merged.kinds = [...new Set(patch.kinds)];
  if (tagIds !== undefined) merged.tagIds = tagIds;
  if (patch.email !== undefined) merged.email = patch.email;
  if (patch.push !== undefined) merged.push = patch.push;
  if (patch.quietHours !== undefined) merged.quietHours = patch.quietHours;
  return merged;
}
