import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/top-up/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/top-up/list', replace: true });
  },
});
