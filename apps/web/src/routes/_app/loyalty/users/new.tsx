import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/users/new')(
  newRoute('card-holders', () => import('../../../../features/card-holders/card-holder-form.tsx').then((m) => m.CardHolderNewPage)),
);
