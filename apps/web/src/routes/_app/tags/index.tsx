import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/tags/')({
  beforeLoad: () => {
    throw redirect({ to: '/tags/list', replace: true });
  },
});
