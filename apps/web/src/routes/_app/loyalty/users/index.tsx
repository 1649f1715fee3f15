import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/users/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/users/list', replace: true });
  },
});
