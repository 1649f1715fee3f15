import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/users/all/')({
  beforeLoad: () => {
    throw redirect({ to: '/users/all/list', replace: true });
  },
});
