import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/imports` opens the history. */
export const Route = createFileRoute('/_app/imports/')({
  beforeLoad: () => {
    throw redirect({ to: '/imports/history', replace: true });
  },
});
