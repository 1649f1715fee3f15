import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/tags/list')(
  listRoute('tags', () => import('../../../features/tags/tags-list-page.tsx').then((m) => m.TagsListPage)),
);
