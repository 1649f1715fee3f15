import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/audit-log/list')(
  listRoute('audit-log', () => import('../../../features/audit-log/audit-log-list-page.tsx').then((m) => m.AuditLogListPage)),
);
