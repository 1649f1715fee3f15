import type { MantineTheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Place } from './map-state.ts';

/**
 * The cash box layer (docs/rules.md "Devices map"): a location in the colour of its fullest box, by the
 * box's fill (percent of its capacity): under 50 %, 50 to 80 %, 80 % or more, 100 % or more; grey when
 * none of its boxes has a capacity. In the legend's order.
 */
export const fillLevels = ['low', 'mid', 'high', 'full', 'none'] as const;
export type FillLevel = (typeof fillLevels)[number];

export function fillLevelOf(percent: number | null): FillLevel {
  if (percent === null) return 'none';
  if (percent >= 100) return 'full';
  if (percent >= 80) return 'high';
  if (percent >= 50) return 'mid';
  return 'low';
}

/** The fullest box among the places' devices (percent), or null when no box has a capacity. */
export function fullestOf(places: readonly Place[]): number | null {
  let fullest: number | null = null;
  for (const place of places)
    for (const { device } of place.devices) {
      const fill = device.state.fillPercent;
      if (fill !== null && fill !== undefined && (fullest === null || fill > fullest)) fullest = fill;
    }
  return fullest;
}

/** Each level's colour (Mantine palette and shade) and the text on it; dark shades, as the states' (3:1 on the land). */
const COLOURS: Record<FillLevel, { palette: string; shade: number; text: 'light' | 'dark' }> = {
  full: { palette: 'red', shade: 9, text: 'light' },
  high: { palette: 'orange', shade: 8, text: 'dark' },
  mid: { palette: 'yellow', shade: 7, text: 'dark' },
  low: { palette: 'teal', shade: 9, text: 'light' },
  none: { palette: 'gray', shade: 6, text: 'light' },
};

export const fillCss = (level: FillLevel) => `var(--mantine-color-${COLOURS[level].palette}-${COLOURS[level].shade})`;
export const fillColour = (theme: MantineTheme, level: FillLevel) => theme.colors[COLOURS[level].palette]?.[COLOURS[level].shade] ?? '#000';
export const fillText = (level: FillLevel) => COLOURS[level].text;

/** The fullest box in words: "cash box 85 % full", or "no cash box capacity". */
export const fillSummary = (t: TFunction, fullest: number | null) =>
  fullest === null ? t('resources.devices.map.fill.noCapacity') : t('resources.devices.map.fill.summary', { percent: fullest });
