import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loyalty/pos-owners/')({
  beforeLoad: () => {
    throw redirect({ to: '/loyalty/pos-owners/list', replace: true });
  },
});
