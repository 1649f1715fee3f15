import { createFileRoute } from '@tanstack/react-router';
import { TagsListPage } from '../../../features/tags/tags-list-page.tsx';
import { requirePermission } from '../../../lib/access.ts';
import { listSearch } from '../../../lib/list-state.ts';

export const Route = createFileRoute('/_app/tags/list')({
  validateSearch: listSearch,
  beforeLoad: () => requirePermission('tags.read'),
  component: TagsListPage,
});
