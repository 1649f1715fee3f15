/** The loggers' payment and play events; read-only (they arrive through telemetry, never from a form). */
export { transactionsApi } from '../../lib/apis/transactions.ts';
