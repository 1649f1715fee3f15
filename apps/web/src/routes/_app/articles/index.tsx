import { createFileRoute, redirect } from '@tanstack/react-router';

/** `/articles` (the original's stock section) opens the articles list. */
export const Route = createFileRoute('/_app/articles/')({
  beforeLoad: () => {
    throw redirect({ to: '/articles/items/list', replace: true });
  },
});
