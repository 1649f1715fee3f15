import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

/** A new import: the kind, the file, a preview with each row's errors, written on confirmation. */
export const Route = createFileRoute('/_app/imports/new')(
  newRoute('imports', () => import('../../../features/imports/import-new-page.tsx').then((m) => m.ImportNewPage)),
);
