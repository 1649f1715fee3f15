import { transactionItem } from '@kovanica/contract';
import { resourceApi } from '../../lib/resource-api.ts';

/** The loggers' payment and play events; read-only (they arrive through telemetry, never from a form). */
export const transactionsApi = resourceApi<typeof transactionItem, never>('transactions', transactionItem);
