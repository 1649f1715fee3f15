import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

// The audits no device's serials matched: anyone who reads audits sees them, who may update assigns them.
export const Route = createFileRoute('/_app/machine-audits/unassigned')(
  listRoute('machine-audits', () =>
    import('../../../features/machine-audits/unassigned-audits-page.tsx').then((m) => m.UnassignedAuditsPage),
  ),
);
