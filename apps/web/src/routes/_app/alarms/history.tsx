import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/alarms/history')(
  listRoute('alarms', () => import('../../../features/alarms/alarms-pages.tsx').then((m) => m.AlarmHistoryPage)),
);
