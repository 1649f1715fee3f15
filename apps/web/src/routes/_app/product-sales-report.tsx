import { createFileRoute } from '@tanstack/react-router';
import { productSalesSearch } from '../../features/planograms/api.ts';
import { ProductSalesPage } from '../../features/planograms/product-sales-page.tsx';
import { gate } from '../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/product-sales-report')({
  validateSearch: productSalesSearch,
  beforeLoad: () => gate('finance', 'read'),
  component: ProductSalesPage,
});
