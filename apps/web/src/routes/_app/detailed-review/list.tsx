import { createFileRoute } from '@tanstack/react-router';
import { DetailedReviewPage } from '../../../features/revenue/detailed-review-page.tsx';
import { detailedReviewSearch } from '../../../features/revenue/revenue-search.ts';
import { requirePermission } from '../../../lib/access.ts';

export const Route = createFileRoute('/_app/detailed-review/list')({
  validateSearch: detailedReviewSearch,
  beforeLoad: () => requirePermission('revenue.read'),
  component: DetailedReviewPage,
});
