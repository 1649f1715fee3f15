import { createFileRoute } from '@tanstack/react-router';
import { LessorNewPage } from '../../../features/lessors/lessor-edit-page.tsx';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/lessors/new')({
  beforeLoad: () => requirePermission('lessors.create'),
  component: LessorNewPage,
});
