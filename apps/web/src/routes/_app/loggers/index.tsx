import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/loggers/')({
  beforeLoad: () => {
    throw redirect({ to: '/loggers/list', replace: true });
  },
});
