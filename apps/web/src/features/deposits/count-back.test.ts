import { describe, expect, it } from 'vitest';
import { backPath } from './count-back.ts';

describe('backPath', () => {
  it('leads back to a visits screen only', () => {
    expect(backPath('/visits/today')).toBe('/visits/today');
    expect(backPath(undefined)).toBeNull();
    expect(backPath('https://example.com/visits/today')).toBeNull();
    expect(backPath('//example.com/visits/today')).toBeNull();
    expect(backPath('/visits/today/../../users/list')).toBeNull();
    expect(backPath('/deposits/list')).toBeNull();
  });
});
