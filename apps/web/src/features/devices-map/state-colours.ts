import type { MantineTheme } from '@mantine/core';
import type { MapState } from './map-state.ts';

/**
 * A state's colour on the markers and in the legend (Mantine palette and shade), and the colour of a
 * marker's count on it. Dark shades, so a circle stands out on the pale land and sea (3:1 or more);
 * never the only cue: the legend, the popups and the lists name the state in words.
 */
const COLOURS: Record<MapState, { palette: string; shade: number; text: 'light' | 'dark' }> = {
  critical: { palette: 'red', shade: 9, text: 'light' },
  offline: { palette: 'gray', shade: 7, text: 'light' },
  service: { palette: 'blue', shade: 9, text: 'light' },
  problematic: { palette: 'orange', shade: 7, text: 'dark' },
  ok: { palette: 'teal', shade: 9, text: 'light' },
};

/** For CSS: `var(--mantine-color-red-9)`. */
export const cssColour = (state: MapState) => `var(--mantine-color-${COLOURS[state].palette}-${COLOURS[state].shade})`;

/** For Leaflet, which styles SVG attributes and so needs the colour itself. */
export const themeColour = (theme: MantineTheme, state: MapState) => theme.colors[COLOURS[state].palette]?.[COLOURS[state].shade] ?? '#000';

export const countText = (state: MapState) => COLOURS[state].text;
