import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/cities/')({
  beforeLoad: () => {
    throw redirect({ to: '/cities/list', replace: true });
  },
});
