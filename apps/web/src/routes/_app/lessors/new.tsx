import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { lessorsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/lessors/new')(
  newRoute(lessorsApi, () => import('../../../features/lessors/lessor-form.tsx').then((m) => m.LessorNewPage)),
);
