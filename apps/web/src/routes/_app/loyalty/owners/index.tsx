import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/owners/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/owners/list', replace: true });
  },
});
