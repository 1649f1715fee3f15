import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../../lib/resource-routes.tsx';

/** Cards from a CSV or Excel file: a preview with each row's errors, written on confirmation. */
export const Route = createFileRoute('/_app/loyalty/cards/upload')(
  newRoute('loyalty-cards', () =>
    import('../../../../features/loyalty-cards/loyalty-card-upload-page.tsx').then((m) => m.LoyaltyCardUploadPage),
  ),
);
