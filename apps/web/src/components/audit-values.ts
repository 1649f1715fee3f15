import {
  type AuditEntry,
  auditedResources,
  auditFieldLabelKeys,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  isAuditReference,
} from '@kovanica/contract';
import type { TFunction } from 'i18next';

// How the audit trail's records read: field labels and values in the user's language (no React, for tests).

/** A text of the trail's own. */
export const k = (key: string) => `resources.audit-log.${key}`;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A calendar day as stored (a contract's start, a business date). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a resource's changes are recorded: its pages show their history. */
export const isAudited = (name: string) => (auditedResources as readonly string[]).includes(name);

/** A field's label (`auditFieldLabelKeys`), else the name as stored. */
export const fieldLabel = (t: TFunction, resource: string, key: string) => t(auditFieldLabelKeys(resource, key), { defaultValue: key });

/** No value: the lists' dash (`cells.tsx`). */
const NONE = '–';

/** A word a field stores from a fixed set (`blocked`, `storno`, `fixed`), not free text. */
const ENUM_VALUE = /^[A-Za-z][A-Za-z0-9_-]*$/;

/**
 * A value as people read it: another record by its name (the entry's `names`; "no. 7" when the
 * reader may not see it or it is gone), money in euros, times in local time, yes/no, lists joined, a
 * stored word of a fixed set in the user's language (the resource's `<field>s` texts:
 * `statuses.blocked`, `kinds.storno`, `rentalTypes.fixed`, under `resources.` or its own namespace).
 */
export function formatValue(t: TFunction, resource: string, key: string, value: unknown, names: AuditEntry['names'] = {}): string {
  if (value === null || value === undefined || value === '') return NONE;
  if (isAuditReference(key) && (typeof value === 'number' || Array.isArray(value))) {
    const named = (id: unknown) => names[key]?.[String(id)] ?? t(k('numbered'), { number: id });
    return Array.isArray(value) ? (value.length ? value.map(named).join(', ') : NONE) : named(value);
  }
  if (value === '[redacted]') return t(k('redacted'));
  if (typeof value === 'boolean') return t(value ? 'dataTable.yes' : 'dataTable.no');
  if (typeof value === 'number' && key.endsWith('Cents')) return formatMoney(value);
  if (typeof value === 'number' && key.endsWith('Bp')) return formatPercent(value / 100);
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  if (typeof value === 'string' && ISO_DAY.test(value)) return formatDate(value);
  if (Array.isArray(value)) return value.map((v) => formatValue(t, resource, key, v)).join(', ');
  if (typeof value === 'string' && ENUM_VALUE.test(value)) {
    // `status` → `statuses`, `rentalType` → `rentalTypes`; a list's own name (`roles`), also at the top (`roles.worker`).
    const groups = key.endsWith('s') ? [`${key}es`, key] : [`${key}s`];
    const keys = groups.flatMap((group) => [
      `resources.${resource}.${group}.${value}`,
      `${resource}.${group}.${value}`,
      `${group}.${value}`,
    ]);
    return t(keys, { defaultValue: value });
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const empty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * An entry's fields in the order they are shown. The stored order is the database's (jsonb: shortest
 * key first); fields with a value come first and the record's own id last (the entry names it
 * already), so a creation's first lines are what it holds.
 */
export function fieldsInOrder(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const weight = (key: string) => (key === 'id' ? 2 : empty(before[key]) && empty(after[key]) ? 1 : 0);
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].sort((a, b) => weight(a) - weight(b));
}

/**
 * An entry's changed fields as one text, in the order they are shown: "Field: before → after; …"
 * (a creation's values alone, a deletion's last values). The list's line of each entry and its CSV
 * and XLSX cell.
 */
export function changesText(t: TFunction, entry: AuditEntry): string {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return fieldsInOrder(before, after)
    .map((key) => {
      const was = entry.before ? formatValue(t, entry.resource, key, before[key], entry.names) : null;
      const is = entry.after ? formatValue(t, entry.resource, key, after[key], entry.names) : null;
      return `${fieldLabel(t, entry.resource, key)}: ${[was, is].filter((v) => v !== null).join(' → ')}`;
    })
    .join('; ');
}
