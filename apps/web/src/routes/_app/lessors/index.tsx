import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/lessors/')({
  beforeLoad: () => {
    throw redirect({ to: '/lessors/list', replace: true });
  },
});
