import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/lessors/new')(
  newRoute('lessors', () => import('../../../features/lessors/lessor-form.tsx').then((m) => m.LessorNewPage)),
);
