import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

/** Credit sold from the back-office, on behalf of a point of sale's worker. */
export const Route = createFileRoute('/_app/loyalty/top-up/new')(
  newRoute('top-ups', () => import('../../../../features/top-ups/top-up-new-page.tsx').then((m) => m.TopUpNewPage)),
);
