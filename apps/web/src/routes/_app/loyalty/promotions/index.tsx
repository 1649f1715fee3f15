import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/promotions/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/promotions/all', replace: true });
  },
});
