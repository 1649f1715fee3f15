import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/pos-locations/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/pos-locations/list', replace: true });
  },
});
