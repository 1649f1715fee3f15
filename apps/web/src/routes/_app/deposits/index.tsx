import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/deposits/')({
  beforeLoad: () => {
    throw redirect({ to: '/deposits/list', replace: true });
  },
});
