import { createFileRoute, redirect } from '@tanstack/react-router';

// The root redirects to the dashboard (original §2); the layout route asks for a login if needed.
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
