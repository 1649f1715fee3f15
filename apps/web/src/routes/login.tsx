import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { safeRedirect } from '../features/auth/safe-redirect.ts';
import { hasValidLogin } from '../lib/session.ts';

interface LoginSearch {
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    if (hasValidLogin()) throw redirect({ href: safeRedirect(search.redirect), replace: true });
  },
  component: LoginPage,
});
