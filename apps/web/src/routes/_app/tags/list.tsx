import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';
import { tagsApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/tags/list')(
  listRoute(tagsApi, () => import('../../../features/tags/tags-list-page.tsx').then((m) => m.TagsListPage)),
);
