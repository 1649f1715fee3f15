import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/tags/new')(
  newRoute('tags', () => import('../../../features/tags/tag-form.tsx').then((m) => m.tagPages.New)),
);
