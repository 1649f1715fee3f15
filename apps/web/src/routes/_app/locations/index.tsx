import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/locations/')({
  beforeLoad: () => {
    throw redirect({ to: '/locations/list', replace: true });
  },
});
