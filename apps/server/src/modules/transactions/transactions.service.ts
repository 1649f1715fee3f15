import { FREQUENT_ACTIONS, identity, iri, type Transaction, type TransactionType, transactionTypes } from '@kovanica/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type RowWith, selectOne, selectPage } from '../../db/paging.ts';
import { telemetryEvents } from '../../db/schema/index.ts';
import type { CrudService } from '../../http/crud.ts';
import { inCompanies } from '../../http/tenancy.ts';
import { isOpen } from '../devices/devices.service.ts';
import { transactionExtras } from './transactions.queries.ts';

type Row = RowWith<typeof telemetryEvents, ReturnType<typeof transactionExtras>>;

export function toTransaction(row: Row): Transaction {
  return {
    ...identity('transactions', 'Transaction', row.id),
    company: iri('companies', row.companyId),
    device: row.deviceId === null ? null : iri('devices', row.deviceId),
    deviceName: row.deviceName,
    location: row.locationId === null ? null : iri('locations', row.locationId),
    locationName: row.locationName,
    type: row.type as TransactionType,
    at: row.at.toISOString(),
    amountCents: row.amountCents,
    count: row.count,
    test: row.test,
    seq: row.seq,
    command: row.command ? iri('commands', row.command.id) : null,
    requestedByName: row.command?.requestedByName ?? null,
    reason: row.command?.reason ?? null,
    frequent: (row.actionsInHour ?? 0) >= FREQUENT_ACTIONS && row.workingHours !== null && isOpen(row.workingHours, row.at),
  };
}

/** Transactions are the loggers' money and play events, read-only (heartbeats, alarms and the like are not). */
export function transactionsService(db: Db): Pick<CrudService<Transaction, never, never>, 'list' | 'get'> {
  const scope = (ids: readonly number[] | null): SQL | undefined =>
    and(inCompanies(telemetryEvents.companyId, ids), inArray(telemetryEvents.type, [...transactionTypes]));
  return {
    async list(ctx, query) {
      const { rows, total, next } = await selectPage(db, telemetryEvents, scope(ctx.listed), query, transactionExtras());
      return { items: rows.map(toTransaction), total, next };
    },
    async get(ctx, id) {
      const row = await selectOne(db, telemetryEvents, id, scope(ctx.visible), transactionExtras());
      return row ? toTransaction(row) : null;
    },
  };
}
