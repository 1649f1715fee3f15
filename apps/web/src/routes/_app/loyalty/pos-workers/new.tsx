import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-workers/new')(
  newRoute('pos-workers', () => import('../../../../features/pos-workers/pos-worker-form.tsx').then((m) => m.PosWorkerNewPage)),
);
