import { createFileRoute } from '@tanstack/react-router';
import { usersApis } from '../../../../features/users/api.ts';
import { UserEditAll } from '../../../../features/users/user-pages.tsx';
import { editRoute } from '../../../../lib/resource-routes.tsx';

export const Route = createFileRoute('/_app/users/all/edit/$id')(editRoute(usersApis.all, UserEditAll));
