import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';

// Decision 0016: API answers compressed per request, the web app's files precompressed at build.
const dist = mkdtempSync(path.join(tmpdir(), 'kovanica-dist-'));
mkdirSync(path.join(dist, 'assets'));
const script = `export const text = ${JSON.stringify('Kovanica '.repeat(400))};\n`;
writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>Kovanica</title>${'<!-- padding -->'.repeat(100)}`);
writeFileSync(
  path.join(dist, 'login.html'),
  `<!doctype html><title>Kovanica</title><script src="/sign-in"></script>${'<!-- padding -->'.repeat(100)}`,
);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
const t = await testApp({ webDist: dist });

describe('compression', () => {
  it('compresses API answers with Brotli or gzip as the client accepts, and not for a client that accepts neither', async () => {
    const url = '/api/v2/users?itemsPerPage=50';
    const br = await t.as('admin', { url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.as('admin', { url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.as('admin', { url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = plain.json<{ member: unknown[] }>();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json);
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ url: '/api/v2/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it("serves the build's precompressed assets, cached for a year, and the page itself never cached", async () => {
    const asset = '/assets/index-abc123.js';
    const br = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gzip = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const page = await t.app.inject({ url: '/dashboard', headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Kovanica</title>');
    expect(gunzipSync(page.rawPayload).toString()).not.toContain('/sign-in');
  });

  it('answers /login with the sign-in page, a page apart from the app, and nothing else with it', async () => {
    for (const url of ['/login', '/login?redirect=%2Fdevices%2Flist']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/sign-in');
    }
    for (const url of ['/dashboard', '/login/more', '/logins']) {
      const page = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(page.body, url).not.toContain('/sign-in');
    }
  });
});
