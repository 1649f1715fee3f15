import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/cards/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/cards/list', replace: true });
  },
});
