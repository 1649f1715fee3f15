import { describe, expect, it } from 'vitest';
import { readableTextColor } from './tag-badge.tsx';

describe('readableTextColor', () => {
  it('puts white on dark colours and black on light ones', () => {
    expect(readableTextColor('#000000')).toBe('#ffffff');
    expect(readableTextColor('#1864ab')).toBe('#ffffff');
    expect(readableTextColor('#c92a2a')).toBe('#ffffff');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#ffd43b')).toBe('#000000');
    expect(readableTextColor('#8ce99a')).toBe('#000000');
  });

  it('falls back to black for a value that is not #RRGGBB', () => {
    expect(readableTextColor('red')).toBe('#000000');
  });
});
