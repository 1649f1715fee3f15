import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/pos-workers/edit/$id')(
  editRoute('pos-workers', () => import('../../../../features/pos-workers/pos-worker-form.tsx').then((m) => m.PosWorkerEditPage)),
);
