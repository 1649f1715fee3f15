import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/edit/$id')(
  editRoute(tagsApi, () => import('../../../features/tags/tag-form.tsx').then((m) => m.tagPages.Edit)),
);
