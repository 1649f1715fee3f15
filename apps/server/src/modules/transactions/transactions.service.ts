import { FREQUENT_ACTIONS, identity, iri, type Transaction, type TransactionType, transactionTypes } from '@kovanica/contract';
import { inArray } from 'drizzle-orm';
import type { CrudService } from '../../core/service.ts';
import { tableReads } from '../../core/table-reads.ts';
import type { Db } from '../../db/client.ts';
import type { RowWith } from '../../db/paging.ts';
import { telemetryEvents } from '../../db/schema/index.ts';
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
  const reads = tableReads(db, telemetryEvents, {
    company: telemetryEvents.companyId,
    where: () => inArray(telemetryEvents.type, [...transactionTypes]),
    extras: transactionExtras,
    toItem: toTransaction,
  });
  return { list: reads.list, get: reads.get };
}
