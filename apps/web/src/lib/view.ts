import { type AccountInfo, getSession } from './session.ts';

export type View = 'my' | 'all';

/** The company view an account info selects: its `isTopGun` flag is the My/All Companies switch. */
export const viewOf = (accountInfo: AccountInfo): View => (accountInfo.isTopGun ? 'all' : 'my');

/** The company view requests are made in; part of the query key of every view-dependent figure. */
export const currentView = (): View => viewOf(getSession().accountInfo);
