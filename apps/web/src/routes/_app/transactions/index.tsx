import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/transactions/')({
  beforeLoad: () => {
    throw redirect({ to: '/transactions/list', replace: true });
  },
});
