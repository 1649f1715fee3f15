import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/machine-audits/list')(
  listRoute('machine-audits', () =>
    import('../../../features/machine-audits/machine-audits-list-page.tsx').then((m) => m.MachineAuditsListPage),
  ),
);
