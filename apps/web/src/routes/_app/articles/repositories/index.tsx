import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/articles/repositories/')({
  beforeLoad: () => {
    throw redirect({ to: '/articles/repositories/list', replace: true });
  },
});
