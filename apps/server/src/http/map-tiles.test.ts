import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, OSM_TILES } from '../config.ts';
import { testApp } from '../testing/app.ts';
import { tileSource } from './security-headers.ts';

const withTiles = await testApp({ mapTiles: { url: 'https://tiles.example.hr/{z}/{x}/{y}.png', attribution: '© Example', maxZoom: 17 } });
const without = await testApp();
const dataDir = mkdtempSync(path.join(tmpdir(), 'kovanica-tiles-'));
const tilesOf = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).mapTiles;
const imgSrc = (csp: unknown) => /(?:^|;)\s*img-src ([^;]*)/.exec(String(csp))?.[1]?.split(' ');

describe('map tiles configuration', () => {
  it("is OpenStreetMap's standard tiles by default, with their attribution and zoom", () => {
    expect(tilesOf({})).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap contributors</a>',
      maxZoom: 19,
    });
  });
  it('is off with `none`, and another server with its own attribution and zoom', () => {
    expect(tilesOf({ MAP_TILES_URL: 'none' })).toBeNull();
    expect(tilesOf({ MAP_TILES_URL: '' })).toEqual(OSM_TILES);
    expect(
      tilesOf({
        MAP_TILES_URL: 'https://tiles.example.hr/osm/{z}/{x}/{y}.png',
        MAP_TILES_ATTRIBUTION: '© Example',
        MAP_TILES_MAX_ZOOM: '17',
      }),
    ).toEqual({ url: 'https://tiles.example.hr/osm/{z}/{x}/{y}.png', attribution: '© Example', maxZoom: 17 });
    expect(tilesOf({ MAP_TILES_URL: 'https://tiles.example.hr/{z}/{x}/{y}.png' })?.attribution).toBe(OSM_TILES.attribution);
  });
  it('refuses a URL that is no tile template', () => {
    expect(() => tilesOf({ MAP_TILES_URL: 'https://tiles.example.hr/tiles.png' })).toThrow(/MAP_TILES_URL: a tile URL/);
    expect(() => tilesOf({ MAP_TILES_URL: 'ftp://tiles.example.hr/{z}/{x}/{y}.png' })).toThrow(/MAP_TILES_URL/);
    expect(() => tilesOf({ MAP_TILES_URL: 'off' })).toThrow(/MAP_TILES_URL/);
    expect(() => tilesOf({ MAP_TILES_MAX_ZOOM: '30' })).toThrow(/MAP_TILES_MAX_ZOOM/);
  });
  it("gives the CSP the tile server's scheme and host only", () => {
    expect(tileSource(OSM_TILES)).toBe('https://tile.openstreetmap.org');
    expect(tileSource({ ...OSM_TILES, url: 'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png' })).toBe('http://127.0.0.1:8080');
    expect(tileSource({ ...OSM_TILES, url: 'https://{s}.tiles.example.hr/{z}/{x}/{y}.png' })).toBe('https://*.tiles.example.hr');
    expect(tileSource(null)).toBeNull();
  });
});

describe('the Content-Security-Policy and the settings follow the tiles', () => {
  it('allows images from the configured tile server, and from no other', async () => {
    const res = await withTiles.app.inject({ url: '/api/v2/health' });
    expect(imgSrc(res.headers['content-security-policy'])).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.hr']);
    const off = await without.app.inject({ url: '/api/v2/health' });
    expect(imgSrc(off.headers['content-security-policy'])).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('hands the tiles to the web with the settings, to every role', async () => {
    for (const user of ['admin', 'worker'] as const) {
      expect((await withTiles.json(user, { url: '/api/v2/settings' })).body.mapTiles).toEqual({
        url: 'https://tiles.example.hr/{z}/{x}/{y}.png',
        attribution: '© Example',
        maxZoom: 17,
      });
    }
    expect((await without.json('worker', { url: '/api/v2/settings' })).body.mapTiles).toBeNull();
  });
});
