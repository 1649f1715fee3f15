import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/new')(
  newRoute(tagsApi, () => import('../../../features/tags/tag-form.tsx').then((m) => m.tagPages.New)),
);
