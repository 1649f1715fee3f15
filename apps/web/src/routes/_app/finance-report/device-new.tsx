import { createFileRoute } from '@tanstack/react-router';
import { aliasRoute } from '../../../lib/resource-routes.tsx';

// The original's "new" variant of the report is the report itself (docs/rules.md "Money reports").
export const Route = createFileRoute('/_app/finance-report/device-new')(aliasRoute('/finance-report/device'));
