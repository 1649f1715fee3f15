import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { lessorsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/lessors/edit/$id')(
  editRoute(lessorsApi, () => import('../../../features/lessors/lessor-form.tsx').then((m) => m.LessorEditPage)),
);
