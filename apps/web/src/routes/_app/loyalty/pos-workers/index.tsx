import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/pos-workers/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/pos-workers/list', replace: true });
  },
});
