import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/today-revenue/')({
  beforeLoad: () => {
    throw redirect({ to: '/today-revenue/list', replace: true });
  },
});
