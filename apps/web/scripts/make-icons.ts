/**
 * Draws the app's PNG icons from their SVG sources (`scripts/icons/`) with the browser tests' Chromium
 * (decision 0054): run once after changing a source, and commit the PNGs.
 *
 *   node --import tsx apps/web/scripts/make-icons.ts
 *
 * `icon.svg` (the coin on a transparent ground) gives the manifest's 192 and 512 px icons;
 * `maskable.svg` (the whole square filled) the maskable one and the apple-touch-icon (iOS fills a
 * transparent ground with black).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from '../../../tools/chromium.ts';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const ICONS = [
  { source: 'scripts/icons/icon.svg', size: 192, out: 'public/icons/icon-192.png' },
  { source: 'scripts/icons/icon.svg', size: 512, out: 'public/icons/icon-512.png' },
  { source: 'scripts/icons/maskable.svg', size: 512, out: 'public/icons/maskable-512.png' },
  { source: 'scripts/icons/maskable.svg', size: 180, out: 'public/apple-touch-icon.png' },
] as const;

const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const { source, size, out } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = readFileSync(web(source), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({ path: web(out), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${out}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
