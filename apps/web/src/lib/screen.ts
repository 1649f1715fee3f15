import { useMediaQuery } from '@mantine/hooks';

/** Mantine's breakpoints (its default theme, which the app keeps): the widths its layouts change at. */
const BREAKPOINTS = { xs: '36em', sm: '48em', md: '62em', lg: '75em' } as const;
type Breakpoint = keyof typeof BREAKPOINTS;

// Read at the first render (`getInitialValueInEffect: false`): with Mantine's default the first
// render takes the fallback and the effect renders the screen again, so a phone drew the wide layout
// first. The fallback stays for a render without `matchMedia` (unit tests).
const options = { getInitialValueInEffect: false };

/** Whether the screen is at most `breakpoint` wide (`xs`: a phone; `sm`: a phone or a small tablet). */
export const useMaxWidth = (breakpoint: Breakpoint): boolean => useMediaQuery(`(max-width: ${BREAKPOINTS[breakpoint]})`, false, options);

/** Whether the screen is at least `breakpoint` wide (`md`: room for the side menu; `lg`: for the header's search). */
export const useMinWidth = (breakpoint: Breakpoint): boolean => useMediaQuery(`(min-width: ${BREAKPOINTS[breakpoint]})`, false, options);

/** A phone: at most 36em (576 px) wide. */
export const usePhone = (): boolean => useMaxWidth('xs');
