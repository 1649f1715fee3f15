/**
 * Where the count page's "back" may lead (`?back=`): a screen of the app's visits that sent the worker
 * there, never another site or any other path a link could slip in.
 */
export const backPath = (back: string | undefined): string | null => (back && /^\/visits\/[a-z-]+$/.test(back) ? back : null);
