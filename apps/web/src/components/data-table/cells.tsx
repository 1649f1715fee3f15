import { Badge, Table } from '@mantine/core';
import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import classes from './cells.module.css';
import type { Column } from './types.ts';

// What many tables' cells share, as plain elements: a list renders thirty rows of ten cells, and a
// Mantine `Text` per cell resolves its style props on every render. On /loyalty/cards/list, CPU
// slowed 4×, Mantine's rendering took 1,197 ms with them and 487 ms with plain cells (decision 0016).

/** A cell with no value: a dimmed dash. */
export const dash = <span className={classes.dash}>–</span>;

/** A row's name, in bold: what the row is called (a city, a location, a company). */
export const strong = (content: ReactNode) => <span className={classes.strong}>{content}</span>;

/**
 * A name that may wrap, its short last word (a machine's number: "Kapsule 1") kept with the word
 * before it, so a narrow column never leaves the number alone on a line.
 */
export const wrapName = (name: string) => name.replace(/ (\S{1,3})$/, '\u00a0$1');

/** A cell's content kept on one line (dates, amounts, numbers). */
export const nowrap = (content: ReactNode) => <span className={classes.nowrap}>{content}</span>;

/** A figure on one line, in red and bold where `on`: below zero, off what was expected, late. */
export const flagged = (content: ReactNode, on: boolean) => <span className={on ? classes.flagged : classes.nowrap}>{content}</span>;

/**
 * A second, smaller line under a cell's content (a card's holder; when a deposit was counted, in
 * `nowrap`): dimmed, red where `on`.
 */
export const below = (content: ReactNode, on = false) => <span className={on ? classes.belowFlagged : classes.below}>{content}</span>;

/** The class of a row's name as a link to its page (`RowLink`): bold, in the links' colour. */
export const linkClass = classes.link;

/** A code (a JIR, a ZKI, an error code) in a small monospace face on one line, or a dash. */
export const code = (value: string | null) => (value ? <span className={classes.code}>{value}</span> : dash);

/**
 * A long code (a JIR: 36 characters) by its first eight, for a list: the whole code is its title and
 * is on the row's own page and in the export. The list keeps its width for the columns that differ.
 */
export const shortCode = (value: string | null) =>
  value ? (
    <span className={classes.code} title={value}>
      {value.length > 9 ? `${value.slice(0, 8)}…` : value}
    </span>
  ) : (
    dash
  );

const TD = `${Table.classes.td} mantine-Table-td`;
const TH = `${Table.classes.th} mantine-Table-th`;
type CellProps<E extends 'td' | 'th'> = ComponentPropsWithoutRef<E> & { ta?: Column<unknown>['align'] };
const joined = (base: string, className: string | undefined) => (className ? `${base} ${className}` : base);
const aligned = (ta: CellProps<'td'>['ta'], style: CSSProperties | undefined) => (ta ? { ...style, textAlign: ta } : style);

/**
 * `Table.Td` and `Table.Th` as plain elements with Mantine's classes, for the cells a list or report repeats
 * (thirty rows of a dozen): each of Mantine's runs its props, the table's styles and a `Box` that scans
 * every prop for style props on every render. Within a Mantine `Table` (its classes style the cells);
 * `ta` aligns the text as Mantine's style prop does. No column borders (no list or report has them).
 */
export function Td({ ta, className, style, ...props }: CellProps<'td'>) {
  return <td className={joined(TD, className)} style={aligned(ta, style)} {...props} />;
}

export function Th({ ta, className, style, ...props }: CellProps<'th'>) {
  return <th className={joined(TH, className)} style={aligned(ta, style)} {...props} />;
}

/**
 * The colours a `CellBadge` may take, as Mantine names a theme colour and shade (`teal.9`). Each is checked
 * in `cells.test.ts` for WCAG AA contrast (4.5:1): filled, its words in black (shade 4 and lighter) or
 * white on the colour; outline (the darker shades), the colour on the page. A colour that fails (white
 * on orange.9 is 4.3:1) cannot be named.
 */
export const BADGE_COLOURS = [
  'gray.3',
  'yellow.4',
  'gray.7',
  'gray.8',
  'gray.9',
  'teal.9',
  'red.9',
  'blue.9',
  'indigo.8',
  'violet.9',
  'grape.9',
] as const;
export type BadgeColour = (typeof BADGE_COLOURS)[number];

/**
 * A warning (a problem, a contract ending soon, a retried request, a box full soon): dark words on
 * yellow. Orange does not reach 4.5:1 either way (white on orange.9 is 4.3:1, orange.9 on its light tint
 * less).
 */
export const WARNING_COLOUR = 'yellow.4' satisfies BadgeColour;

export interface CellBadgeProps {
  color: BadgeColour;
  variant?: 'filled' | 'outline' | 'dot';
  size?: 'xs' | 'sm';
  title?: string;
  style?: CSSProperties;
  children: ReactNode;
}

const BADGE = `${Badge.classes.root} mantine-Badge-root`;
const BADGE_DOT = `${Badge.classes['root--dot']} ${BADGE}`;
const BADGE_LABEL = `${Badge.classes.label} mantine-Badge-label`;
const BORDER = 'calc(0.0625rem * var(--mantine-scale)) solid';
const badgeStyles = new Map<string, CSSProperties>();

/** The CSS variables Mantine's `Badge` would write for a colour, variant and size, made once each. */
function badgeStyle(color: BadgeColour, variant: NonNullable<CellBadgeProps['variant']>, size: CellBadgeProps['size']): CSSProperties {
  const key = `${color} ${variant} ${size ?? ''}`;
  const known = badgeStyles.get(key);
  if (known) return known;
  const [name, shade] = color.split('.');
  const c = `var(--mantine-color-${name}-${shade})`;
  const vars: Record<string, string> =
    variant === 'dot'
      ? { '--badge-dot-color': c }
      : variant === 'outline'
        ? { '--badge-bg': 'transparent', '--badge-color': c, '--badge-bd': `${BORDER} ${c}` }
        : // Dark text on the light shades (yellow.4), white on the rest: what `autoContrast` picks for ours.
          {
            '--badge-bg': c,
            '--badge-color': `var(--mantine-color-${Number(shade) <= 4 ? 'black' : 'white'})`,
            '--badge-bd': `${BORDER} transparent`,
          };
  if (size)
    Object.assign(vars, {
      '--badge-height': `var(--badge-height-${size})`,
      '--badge-padding-x': `var(--badge-padding-x-${size})`,
      '--badge-fz': `var(--badge-fz-${size})`,
    });
  // A badge keeps its words whole wherever it stands (a squeezed column, a flex row); a tag that may
  // be cut at its maximum width says so with `minWidth: 0` and its name as title.
  const style = { ...vars, textTransform: 'none', minWidth: 'max-content', flexShrink: 0 } as CSSProperties;
  badgeStyles.set(key, style);
  return style;
}

/**
 * Mantine's `Badge` as a plain `<span>` with its classes and variables, for the badges a list repeats
 * (a state, a status, a tag): the same look, without `Badge`'s props, theme colour resolution and `Box`
 * on every render, and a `span` where `Badge` writes a `div` inside the cell's text. Filled, outline or
 * dot; the words as written (no capitals).
 */
export function CellBadge({ color, variant = 'filled', size, title, style, children }: CellBadgeProps) {
  const base = badgeStyle(color, variant, size);
  return (
    <span
      className={variant === 'dot' ? BADGE_DOT : BADGE}
      // As `Badge` writes it: no variant attribute for the default, filled.
      data-variant={variant === 'filled' ? undefined : variant}
      data-size={size}
      title={title}
      style={style ? { ...base, ...style } : base}
    >
      <span className={BADGE_LABEL}>{children}</span>
    </span>
  );
}
