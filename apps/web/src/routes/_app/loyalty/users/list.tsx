import { createFileRoute } from '@tanstack/react-router';
import { listRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/loyalty/users/list')(
  listRoute('card-holders', () =>
    import('../../../../features/card-holders/card-holders-list-page.tsx').then((m) => m.CardHoldersListPage),
  ),
);
