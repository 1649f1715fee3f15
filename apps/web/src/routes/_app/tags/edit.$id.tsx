import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/tags/edit/$id')(
  editRoute('tags', () => import('../../../features/tags/tag-form.tsx').then((m) => m.tagPages.Edit)),
);
