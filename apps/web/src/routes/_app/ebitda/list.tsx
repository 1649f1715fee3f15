import { createFileRoute } from '@tanstack/react-router';
import { EbitdaPage } from '../../../features/finance/ebitda-page.tsx';
import { ebitdaSearch } from '../../../features/finance/finance-search.ts';
import { requireComponent } from '../../../lib/access.ts';
import { gate } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/ebitda/list')({
  validateSearch: ebitdaSearch,
  beforeLoad: () => {
    gate('finance', 'read');
    requireComponent('finance.ebitda');
  },
  component: EbitdaPage,
});
