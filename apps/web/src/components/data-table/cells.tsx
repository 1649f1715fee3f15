import type { ReactNode } from 'react';
import classes from './cells.module.css';

// What many tables' cells share, as plain elements: a list renders thirty rows of ten cells, and a
// Mantine `Text` per cell (style props resolved on every render) was most of a list's render time on
// a phone (Lighthouse, /loyalty/cards/list).

/** A cell with no value: a dimmed dash. */
export const dash = <span className={classes.dash}>–</span>;

/** A cell's content kept on one line (dates, amounts, numbers). */
export const nowrap = (content: ReactNode) => <span className={classes.nowrap}>{content}</span>;
