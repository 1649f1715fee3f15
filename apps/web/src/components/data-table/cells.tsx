import type { ReactNode } from 'react';
import classes from './cells.module.css';

// What many tables' cells share, as plain elements: a list renders thirty rows of ten cells, and a
// Mantine `Text` per cell resolves its style props on every render. On /loyalty/cards/list, CPU
// slowed 4×, Mantine's rendering took 1,197 ms with them and 487 ms with plain cells (decision 0016).

/** A cell with no value: a dimmed dash. */
export const dash = <span className={classes.dash}>–</span>;

/** A cell's content kept on one line (dates, amounts, numbers). */
export const nowrap = (content: ReactNode) => <span className={classes.nowrap}>{content}</span>;
