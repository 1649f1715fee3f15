import { createFileRoute } from '@tanstack/react-router';
import { aliasRoute } from '../../../../lib/resource-routes.tsx';

/** The promotions' list is `/all`, as in the original; `/list` (where the kit's "Back to the list" leads) goes there. */
export const Route = createFileRoute('/_app/loyalty/promotions/list')(aliasRoute('/loyalty/promotions/all'));
