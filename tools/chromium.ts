import { existsSync } from 'node:fs';

/**
 * Debian's Chromium and the flags it runs with here (Playwright's own browser downloads are not
 * available): the first-paint benchmark and Lighthouse measure the full browser a user runs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The browser tests' Chromium (decision 0037): Debian's `chromium-headless-shell`, the same engine
 * without the full browser's user interface (Playwright's own default for headless runs), when it is
 * installed (the whole browser suite took 17 % less CPU time on it), else the full one.
 */
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM_PATH);
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
