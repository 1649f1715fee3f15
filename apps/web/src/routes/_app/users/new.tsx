import { createFileRoute } from '@tanstack/react-router';
import { UserNewView } from '../../../features/users/user-pages.tsx';
import { newRoute } from '../../../lib/resource-routes.tsx';
import { usersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/users/new')(newRoute(usersApi, UserNewView));
