import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AuditedResource, auditFieldLabelKeys, type Language, withDescribedTexts } from '@kovanica/contract';
import { getTableColumns, type Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema/index.ts';
import { machineAuditTrail } from '../machine-audits/machine-audits.service.ts';
import { auditValuesOf } from './audit-log.service.ts';

/**
 * The table whose rows the trail records for each resource (fiscal settings record named fields, all
 * labelled; a machine audit what `machineAuditTrail` picks, below).
 */
const TABLES: Record<Exclude<AuditedResource, 'fiscal-settings' | 'machine-audits'>, Table> = {
  deposits: schema.deposits,
  bills: schema.bills,
  movements: schema.stockMovements,
  'loyalty-cards': schema.loyaltyCards,
  'card-transactions': schema.cardTransactions,
  'top-ups': schema.topUps,
  locations: schema.locations,
  lessors: schema.lessors,
  companies: schema.companies,
  settings: schema.settings,
  users: schema.users,
  'pos-workers': schema.posWorkers,
  'telemetry-holds': schema.telemetryHolds,
  'month-closes': schema.monthCloses,
  visits: schema.visits,
  planograms: schema.planogramSelections,
};

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/i18n');
type Tree = { [key: string]: string | Tree };
const at = (tree: Tree, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

describe('the audit trail’s field labels', () => {
  // The web names a field by the first of these texts it has, and shows the column's stored name when
  // none: a record's history read "companyId" and "statusChangedAt".
  it.each(['en', 'hr'])('name every column an audited record can show, in %s', (language) => {
    const texts = withDescribedTexts(
      JSON.parse(readFileSync(path.join(web, `${language}.resources.json`), 'utf8')),
      language as Language,
    ) as Tree;
    const nulls = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, null]));
    const recorded: [string, object][] = [
      ...Object.entries(TABLES).map(([resource, table]): [string, object] => [resource, nulls(Object.keys(getTableColumns(table)))]),
      ['machine-audits', machineAuditTrail(nulls(Object.keys(getTableColumns(schema.machineAudits))) as never)],
    ];
    const missing = recorded.flatMap(([resource, row]) => {
      const shown = Object.keys(auditValuesOf(row));
      return shown
        .filter((key) => auditFieldLabelKeys(resource, key).every((label) => typeof at(texts, label) !== 'string'))
        .map((key) => `${resource}.${key}`);
    });
    expect(missing).toEqual([]);
  });
});
