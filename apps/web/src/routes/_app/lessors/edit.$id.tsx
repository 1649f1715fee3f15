import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/lessors/edit/$id')(
  editRoute('lessors', () => import('../../../features/lessors/lessor-form.tsx').then((m) => m.LessorEditPage)),
);
