/**
 * Debian's Chromium and the flags it runs with here (Playwright's own browser downloads are not
 * available): the browser tests, the first-paint benchmark and Lighthouse use the same.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
