import { contrastRatio, type TagLabel } from '@kovanica/contract';
import type { CSSProperties } from 'react';
import { CellBadge, type CellBadgeProps, dash } from './data-table/cells.tsx';
import classes from './tag-badge.module.css';

/**
 * Black or white, whichever reads better on the given background (the higher WCAG contrast ratio).
 * A value that is not `#RRGGBB` falls back to black on the default grey.
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#000000';
  // The WCAG 2 ratio of the contract, as the promo boxes are checked with.
  return (contrastRatio('#000000', background) ?? 0) >= (contrastRatio('#ffffff', background) ?? 0) ? '#000000' : '#ffffff';
}

export interface TagBadgeProps {
  name: string;
  /** The tag's colour, `#RRGGBB`. */
  colour: string;
  size?: CellBadgeProps['size'];
  /** The whole name, where the badge may cut it short. */
  title?: string;
}

/** A tag as a badge in its own colour, its name in black or white for contrast; used wherever tags are listed. */
export function TagBadge({ name, colour, size, title }: TagBadgeProps) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour);
  const style = {
    '--badge-radius': 'var(--mantine-radius-sm)',
    // Cut at the list's maximum width (its name is the title), unlike a state's badge.
    minWidth: 0,
    backgroundColor: valid ? colour : 'var(--mantine-color-gray-3)',
    color: readableTextColor(valid ? colour : '#dee2e6'),
  } as CSSProperties;
  return (
    <CellBadge color="gray.3" size={size} title={title} style={style}>
      {name}
    </CellBadge>
  );
}

/**
 * A device's or a location's tags, as its list shows them: a badge each, in the order they were given,
 * from the names and colours the API sends beside the IRIs (`tagLabels`); a dash when it has none.
 */
export function TagBadges({ tags }: { tags: readonly TagLabel[] }) {
  if (tags.length === 0) return dash;
  return (
    <span className={classes.tags}>
      {tags.map((tag) => (
        <TagBadge key={tag['@id']} name={tag.name} colour={tag.colour} size="sm" title={tag.name} />
      ))}
    </span>
  );
}

/** The tags' names for an export: "Premium, Outdoor". */
export const tagNames = (tags: readonly TagLabel[]) => tags.map((tag) => tag.name).join(', ');
