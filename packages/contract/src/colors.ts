/**
 * Colour arithmetic of WCAG 2 (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), shared by the server,
 * which refuses unreadable promo boxes, and the web app, which previews them and picks badge text.
 */

/** The contrast text needs against its background to be readable (WCAG 2 AA, normal text). */
export const MIN_TEXT_CONTRAST = 4.5;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The relative luminance of a `#RRGGBB` colour, 0 (black) to 1 (white); null for anything else. */
export function relativeLuminance(hex: string): number | null {
  if (!HEX.test(hex)) return null;
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The contrast ratio of two `#RRGGBB` colours, 1 (the same) to 21 (black on white), whichever is
 * the lighter; null when either is not a colour.
 */
export function contrastRatio(a: string, b: string): number | null {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The ratio as people read it: rounded down to two decimals, so 4.499 is never shown as "4.5". */
export const formatContrast = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);
