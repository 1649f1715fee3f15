import { createFileRoute } from '@tanstack/react-router';
import { newRoute } from '../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/users/new')(
  newRoute('users', () => import('../../../features/users/user-pages.tsx').then((m) => m.UserNewView)),
);
