import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, tileOptions } from './tiles.ts';

const osm = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
  maxZoom: 19,
};

describe('tileOptions', () => {
  it("shows the provider's attribution and asks for no level the map cannot show", () => {
    expect(tileOptions(osm)).toEqual({ attribution: osm.attribution, maxNativeZoom: 18, maxZoom: 18 });
    expect(MAX_ZOOM).toBe(18);
  });
  it('enlarges the deepest level of a server that stops earlier, instead of asking for tiles it has not', () => {
    expect(tileOptions({ ...osm, maxZoom: 16, attribution: '© Example' })).toEqual({
      attribution: '© Example',
      maxNativeZoom: 16,
      maxZoom: 18,
    });
  });
});
