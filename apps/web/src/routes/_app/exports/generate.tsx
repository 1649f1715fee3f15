import { createFileRoute } from '@tanstack/react-router';
import { ExportGeneratePage } from '../../../features/exports/generate-page.tsx';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/exports/generate')({
  beforeLoad: () => gate('exports', 'create'),
  component: ExportGeneratePage,
});
