import { Badge, type BadgeProps } from '@mantine/core';

/** Relative luminance of a `#RRGGBB` colour (WCAG 2). */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * Black or white, whichever reads better on the given background (the higher WCAG contrast ratio).
 * A value that is not `#RRGGBB` falls back to black on the default grey.
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return '#000000';
  const l = luminance(background);
  return contrast(l, 0) >= contrast(l, 1) ? '#000000' : '#ffffff';
}

export interface TagBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  name: string;
  /** The tag's colour, `#RRGGBB`. */
  colour: string;
}

/** A tag as a badge in its own colour, its name in black or white for contrast; used wherever tags are listed. */
export function TagBadge({ name, colour, style, ...rest }: TagBadgeProps) {
  const valid = /^#[0-9a-fA-F]{6}$/.test(colour);
  return (
    <Badge
      variant="filled"
      radius="sm"
      tt="none"
      {...rest}
      style={[
        { backgroundColor: valid ? colour : 'var(--mantine-color-gray-3)', color: readableTextColor(valid ? colour : '#dee2e6') },
        style,
      ]}
    >
      {name}
    </Badge>
  );
}
