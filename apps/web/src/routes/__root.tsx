import { createRootRouteWithContext, Navigate } from '@tanstack/react-router';
import { Root } from '../app/root.tsx';
import type { RouterContext } from '../app/router-context.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Root,
  // Unknown paths redirect to /404 (original §2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});
