import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/comparative-analysis` alone opens the comparison by device, the first of the three. */
export const Route = createFileRoute('/_app/comparative-analysis/')({
  beforeLoad: () => {
    throw redirect({ to: '/comparative-analysis/device', replace: true });
  },
});
