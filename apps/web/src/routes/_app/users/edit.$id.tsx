import { createFileRoute } from '@tanstack/react-router';
import { UserEditView } from '../../../features/users/user-pages.tsx';
import { editRoute } from '../../../lib/resource-routes.tsx';
import { usersApi } from '../../../lib/resources.ts';

export const Route = createFileRoute('/_app/users/edit/$id')(editRoute(usersApi, UserEditView));
