import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/articles/items/')({
  beforeLoad: () => {
    throw redirect({ to: '/articles/items/list', replace: true });
  },
});
