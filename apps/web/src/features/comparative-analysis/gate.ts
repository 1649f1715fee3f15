import { requireComponent, requireModule, requirePermission } from '../../lib/access.ts';

/**
 * The gate of the comparison screens, in their routes' `beforeLoad` (the first paint: no schemas here):
 * `finance.read` in a company with the finance module and its comparative analysis switched on.
 */
export function gateComparative(): void {
  requirePermission('finance.read');
  requireModule('finance');
  requireComponent('finance.comparative');
}
