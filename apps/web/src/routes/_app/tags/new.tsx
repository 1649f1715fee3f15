import { createFileRoute } from '@tanstack/react-router';
import { TagNewPage } from '../../../features/tags/tag-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/tags/new')({
  beforeLoad: () => requirePermission('tags.create'),
  component: TagNewPage,
});
