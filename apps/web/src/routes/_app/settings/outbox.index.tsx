import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

/** The outbox (decision 0025): every e-mail composed, for admins (every company's) and managers (their company's). */
export const Route = createFileRoute('/_app/settings/outbox/')(
  listRoute('mails', () => import('../../../features/mail/outbox-page.tsx').then((m) => m.OutboxPage)),
);
