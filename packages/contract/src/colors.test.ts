import { describe, expect, it } from 'vitest';
import { contrastRatio, formatContrast, MIN_TEXT_CONTRAST, relativeLuminance } from './colors.ts';

describe('contrast (WCAG 2)', () => {
  it('computes the relative luminance of the extremes and a mid grey', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(relativeLuminance('#777777')).toBeCloseTo(0.1845, 4);
    expect(relativeLuminance('red')).toBeNull();
    expect(relativeLuminance('#fff')).toBeNull();
  });

  it('gives the published ratios, whichever colour comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#1864ab', '#1864ab')).toBe(1);
    // WebAIM's checker: #777777 on white is 4.48:1 (fails AA), #767676 is 4.54:1 (passes).
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.478, 3);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.542, 3);
    expect((contrastRatio('#777777', '#ffffff') ?? 0) >= MIN_TEXT_CONTRAST).toBe(false);
    expect((contrastRatio('#767676', '#FFFFFF') ?? 0) >= MIN_TEXT_CONTRAST).toBe(true);
    expect(contrastRatio('#ffffff', 'white')).toBeNull();
  });

  it('never rounds a failing ratio up to the threshold', () => {
    expect(formatContrast(4.4999)).toBe('4.49');
    expect(formatContrast(21)).toBe('21.00');
  });
});
