import { createFileRoute } from '@tanstack/react-router';
import { editRoute } from '../../../../lib/resource-routes.tsx';

// Accountants read card holders: the page opens for them with the form read-only.
export const Route = createFileRoute('/_app/loyalty/users/edit/$id')(
  editRoute('card-holders', () => import('../../../../features/card-holders/card-holder-form.tsx').then((m) => m.CardHolderEditPage), {
    permission: 'card-holders.read',
  }),
);
