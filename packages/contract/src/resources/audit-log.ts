import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';

/**
 * The audit trail (decision 0028): who changed which money row or setting, when, from
 * which address, and what it was before and after (for an update only the fields that changed).
 * Read-only: no route writes, changes or deletes it.
 */
export const auditActions = [
  'create',
  'update',
  'delete',
  'report',
  'verify',
  'storno',
  'top-up',
  'correction',
  'role',
  'sign-in',
  'release',
  'discard',
  'close',
  'reopen',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The resources whose changes are recorded (their name stems). */
export const auditedResources = [
  'deposits',
  'bills',
  'movements',
  'loyalty-cards',
  'card-transactions',
  'top-ups',
  'locations',
  'lessors',
  'companies',
  'settings',
  'fiscal-settings',
  'users',
  'pos-workers',
  'telemetry-holds',
  'month-closes',
  'visits',
  'planograms',
  'machine-audits',
] as const;
export type AuditedResource = (typeof auditedResources)[number];

/**
 * The texts that may name a recorded field, first found wins (the web shows the stored name when none
 * has one): the trail's own (stored ids as `verifiedById`, columns no screen shows), else the
 * resource's field (`companyId` → `company`, `rentalPercentageBp` → `rentalPercentage`) under
 * `resources.`, or in the resource's own namespace (the bills'). A server test holds every audited
 * column to have one in both languages.
 */
export function auditFieldLabelKeys(resource: string, key: string): string[] {
  const field = key.replace(/(Id|Bp)$/, '');
  return [`resources.audit-log.fields.${key}`, `resources.${resource}.fields.${field}`, `${resource}.fields.${field}`];
}

/**
 * The fields of a recorded record that hold the number of another record (`tagIds` a list of them),
 * and the resource that record is of: the trail names it instead of showing the number (`names`).
 */
export const auditReferences = {
  companyId: 'companies',
  parentId: 'companies',
  deviceId: 'devices',
  locationId: 'locations',
  lessorId: 'lessors',
  cityId: 'cities',
  loggerId: 'loggers',
  tagIds: 'tags',
  userId: 'users',
  createdById: 'users',
  reportedById: 'users',
  verifiedById: 'users',
  receivedById: 'users',
  statusChangedById: 'users',
  responsibleWorkerId: 'users',
  workerId: 'users',
  doneById: 'users',
  articleId: 'articles',
  fromRepositoryId: 'repositories',
  toRepositoryId: 'repositories',
  billId: 'bills',
  stornoOfId: 'bills',
  cardId: 'loyalty-cards',
  ownerId: 'loyalty-owners',
  holderId: 'card-holders',
  posLocationId: 'pos-locations',
  posWorkerId: 'pos-workers',
  promotionId: 'promotions',
} as const;
export type AuditReferenceField = keyof typeof auditReferences;
export const isAuditReference = (key: string): key is AuditReferenceField => Object.hasOwn(auditReferences, key);

/** A record's fields as they were or became: values as JSON (dates as ISO strings, secrets as `[redacted]`). */
export const auditValues = z.record(z.string(), z.unknown());
export type AuditValues = z.infer<typeof auditValues>;

export const auditEntryItem = z.object({
  ...itemMeta,
  /** The company whose record changed; null for a row of no company (the global settings). */
  company: z.string().nullable(),
  resource: z.string(),
  recordId: z.number().int(),
  action: z.string(),
  /** The signed-in user who made the change; null for a machine's credential (named in `actor`). */
  user: z.string().nullable(),
  actor: z.string(),
  ip: z.string().nullable(),
  at: z.string(),
  before: auditValues.nullable(),
  after: auditValues.nullable(),
  /**
   * The names of the records its fields refer to (`auditReferences`), by field and number, as they are
   * named now: `{ companyId: { "1": "Zabavni automati d.o.o." } }`. A record of a company outside the
   * reader's view, or since deleted, is not named: the reader sees its number.
   */
  names: z.record(z.string(), z.record(z.string(), z.string())),
});
export type AuditEntry = z.infer<typeof auditEntryItem>;

export const auditLogCollection: CollectionSpec = {
  filters: { company: 'exact', resource: 'exact', recordId: 'exact', user: 'exact', action: 'exact', at: 'range' },
  order: ['id', 'at'],
  defaultOrder: { at: 'desc' },
  keyset: 'at',
};

export const auditLogResource = defineResource({
  name: 'audit-log',
  type: 'AuditEntry',
  item: auditEntryItem,
  collection: auditLogCollection,
  // A write to any audited resource adds rows here: its cached reads are stale with it. The
  // platform's settings and a device's planogram are no resources of the kit: their routes bump the trail themselves. A fiscal
  // certificate's upload is a line of its company's fiscal settings.
  // The records its entries name (`names`) are read with it: renaming one makes them stale too.
  embeds: [
    ...new Set([
      ...auditedResources.filter((r) => r !== 'settings' && r !== 'planograms'),
      'fiscal-certificates',
      ...Object.values(auditReferences),
    ]),
  ],
});
