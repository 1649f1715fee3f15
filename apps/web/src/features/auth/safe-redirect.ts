/**
 * Where to go after signing in. Only paths inside this app are followed, so a crafted login link
 * cannot send the user to another site.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/dashboard';
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return '/dashboard';
  return target;
}
