import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/users/promo-boxes/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/users/promo-boxes/list', replace: true });
  },
});
