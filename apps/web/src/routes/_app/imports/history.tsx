import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

/** The imports history (the original's `/imports/history`). */
export const Route = createFileRoute('/_app/imports/history')(
  listRoute('imports', () => import('../../../features/imports/imports-history-page.tsx').then((m) => m.ImportsHistoryPage)),
);
