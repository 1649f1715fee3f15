import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/detailed-review/')({
  beforeLoad: () => {
    throw redirect({ to: '/detailed-review/list', replace: true });
  },
});
