import { z } from 'zod';
import { type CollectionSpec, itemMeta } from '../api.ts';
import { defineResource } from '../resource.ts';

/**
 * The audit trail (issue 15 §4, decision 0028): who changed which money row or setting, when, from
 * which address, and what it was before and after (for an update only the fields that changed).
 * Read-only: no route writes, changes or deletes it.
 */
export const auditActions = ['create', 'update', 'delete', 'report', 'verify', 'storno', 'top-up', 'correction', 'role'] as const;
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
  item: auditEntryItem,
  collection: auditLogCollection,
  // A write to any audited resource adds rows here: its cached reads are stale with it. The
  // platform's settings are no resource of the kit: their route bumps the trail itself. A fiscal
  // certificate's upload is a line of its company's fiscal settings.
  embeds: [...auditedResources.filter((r) => r !== 'settings'), 'fiscal-certificates'],
});
