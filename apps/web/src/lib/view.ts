import { getSession } from './session.ts';

export type View = 'my' | 'all';

/** The company view requests are made in; part of the query key of every view-dependent figure. */
export function currentView(): View {
  return getSession().accountInfo.isTopGun ? 'all' : 'my';
}
