import { z } from 'zod';
import { moduleComponents, modules } from '../access.ts';
import { type CollectionSpec, itemMeta, zIri } from '../api.ts';
import { languages } from '../languages.ts';
import { defineResource } from '../resource.ts';
import { zCents, zEmail, zOib, zText } from '../validation.ts';
import { ALARM_ESCALATION_MAX_MINUTES, alarmRulesPatch, alarmRulesSchema } from './alarms.ts';
import { loggerCreate, loggerCredential } from './loggers.ts';
import { optional } from './shared.ts';
import { userCreate } from './users.ts';

export const companyItem = z.object({
  ...itemMeta,
  name: z.string(),
  oib: z.string(),
  inVatSystem: z.boolean(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notificationEmails: z.array(z.string()),
  sendNotifications: z.boolean(),
  sendDailyReports: z.boolean(),
  sendDepositNotifications: z.boolean(),
  sendDeviceEmptyEvents: z.boolean(),
  sendUnverifiedDeposits: z.boolean(),
  /** The language of the company's e-mails. */
  language: z.enum(languages),
  operationalCostsCents: z.number().int(),
  tokenValueCents: z.number().int(),
  depositToleranceCents: z.number().int(),
  /** The most a staff correction of a loyalty card may add or take, each of paid credit and bonus. */
  cardCorrectionLimitCents: z.number().int(),
  offlineThresholdMinutes: z.number().int(),
  /** Each alarm kind on or off, and its figure (docs/rules.md "Alarms"): the company's own, the defaults elsewhere. */
  alarmRules: alarmRulesSchema,
  /** Minutes an alarm may wait unacknowledged before the managers are told too; 0: never (docs/rules.md "Alarms"). */
  alarmEscalationMinutes: z.number().int(),
  /** Which boxes a day's visits proposal takes (docs/rules.md "Visits"): filled to this percent… */
  visitFillPercent: z.number().int(),
  /** …or forecast full within this many days of the visit's day. */
  visitFullWithinDays: z.number().int(),
  /** Where the company's collection rounds start (WGS 84); both or neither. */
  depotLatitude: z.number().nullable(),
  depotLongitude: z.number().nullable(),
  isTopGun: z.boolean(),
  parent: z.string().nullable(),
  activeModules: z.array(z.enum(modules)),
  activeModuleComponents: z.array(z.enum(moduleComponents)),
  createdAt: z.string(),
  /** Credentials of loggers created with the company: present only in that answer, shown once. */
  issuedCredentials: z.array(loggerCredential).optional(),
});
export type Company = z.infer<typeof companyItem>;

const fields = {
  name: zText(200),
  oib: zOib(),
  inVatSystem: z.boolean(),
  address: zText(300),
  phone: z.string().trim().max(40).nullable(),
  email: zEmail().nullable(),
  notificationEmails: z.array(zEmail()).max(20),
  sendNotifications: z.boolean(),
  sendDailyReports: z.boolean(),
  sendDepositNotifications: z.boolean(),
  sendDeviceEmptyEvents: z.boolean(),
  sendUnverifiedDeposits: z.boolean(),
  language: z.enum(languages),
  operationalCostsCents: zCents(),
  tokenValueCents: zCents(),
  depositToleranceCents: zCents(),
  cardCorrectionLimitCents: zCents(),
  offlineThresholdMinutes: z.number().int().min(5).max(10_080),
  /** Only the kinds given change, each part given; a threshold of null is the default again. */
  alarmRules: alarmRulesPatch,
  alarmEscalationMinutes: z.number().int().min(0).max(ALARM_ESCALATION_MAX_MINUTES),
  visitFillPercent: z.number().int().min(1).max(200),
  visitFullWithinDays: z.number().int().min(0).max(30),
  depotLatitude: z.number().min(-90).max(90).nullable(),
  depotLongitude: z.number().min(-180).max(180).nullable(),
  isTopGun: z.boolean(),
  parent: zIri('companies').nullable(),
  activeModules: z.array(z.enum(modules)),
  activeModuleComponents: z.array(z.enum(moduleComponents)),
};

/**
 * What the company wizard (docs/rules.md "Companies") sets up with the company, in the same transaction: existing
 * loggers and users moved to it, new loggers and new users created in it. Adding is all these do;
 * a logger or user leaves a company by being assigned to another one.
 */
const setup = {
  loggers: z.array(zIri('loggers')).max(500),
  users: z.array(zIri('users')).max(200),
  newLoggers: z.array(loggerCreate.omit({ company: true })).max(200),
  newUsers: z.array(userCreate.omit({ company: true })).max(100),
};

/**
 * A company has at least one module on (docs/rules.md, "Companies"): without one its users see
 * nothing. Required on create, and a patch may not switch the last one off.
 */
const someModules = z.array(z.enum(modules), { error: 'module_required' }).min(1, { error: 'module_required' });

export const companyCreate = z.strictObject({
  ...optional(fields),
  ...optional(setup),
  name: fields.name,
  oib: fields.oib,
  address: fields.address,
  activeModules: someModules,
});
export type CompanyCreate = z.infer<typeof companyCreate>;

export const companyPatch = z.strictObject({ ...optional(fields), ...optional(setup), activeModules: someModules.optional() });
export type CompanyPatch = z.infer<typeof companyPatch>;

export const companiesCollection: CollectionSpec = {
  /** `group`: a company and its subsidiaries. */
  filters: { name: 'partial', oib: 'exact', isTopGun: 'boolean', parent: 'exact', group: 'exact', createdAt: 'range' },
  order: ['id', 'name', 'oib', 'createdAt'],
  defaultOrder: { name: 'asc' },
};

export const companiesResource = defineResource({
  name: 'companies',
  item: companyItem,
  create: companyCreate,
  patch: companyPatch,
  collection: companiesCollection,
});
