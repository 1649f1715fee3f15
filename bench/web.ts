/**
 * First paint (issue 14 §5, §6): the JS and CSS each page loads, as transferred (compressed) and raw,
 * counted in Chromium; then Lighthouse, mobile and desktop, on the same pages. Uses the existing build
 * (`npm run build` first). Needs Debian's Chromium at /usr/bin/chromium and the npm registry (Lighthouse
 * runs with `npx`).
 *   npm run bench -- web [--no-lighthouse]
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tools/chromium.ts';
import { here, serve, stop } from './support.ts';

const run = promisify(execFile);
const PAGES = ['/login', '/dashboard', '/transactions/list'] as const;
const LIGHTHOUSE = 'lighthouse@12.8.2';
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** The JS and CSS a page loaded until the network went quiet: bytes over the wire and decoded. */
async function firstPaintBytes(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'networkidle' });
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as unknown as { name: string; encodedBodySize: number; decodedBodySize: number }[])
      .filter((e) => /\.(js|css)(\?|$)/.test(e.name))
      .reduce((sum, e) => ({ transferred: sum.transferred + e.encodedBodySize, raw: sum.raw + e.decodedBodySize, files: sum.files + 1 }), {
        transferred: 0,
        raw: 0,
        files: 0,
      }),
  );
}

export async function main(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { 'no-lighthouse': { type: 'boolean', default: false } } });
  if (!existsSync(path.join(here, '..', 'apps', 'web', 'dist', 'index.html'))) throw new Error('no build: run `npm run build` first');
  const server = await serve('app', 'pglite', 'web');
  const origin = `http://127.0.0.1:${server.port}`;
  const port = 9300 + (process.pid % 500);
  const profile = path.join(tmpdir(), `kovanica-web-bench-${process.pid}`);
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    viewport: { width: 1280, height: 800 },
  });
  const result: Record<string, unknown> = { bench: 'web', at: new Date().toISOString() };
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const bytes: Record<string, { transferred: number; raw: number; files: number }> = {};
    bytes['/login'] = await firstPaintBytes(page, `${origin}/login`);
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('manager@zabavni.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('kovanica-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    for (const url of PAGES.slice(1)) bytes[url] = await firstPaintBytes(page, `${origin}${url}`);
    result.bytes = bytes;
    console.log('\nFirst paint: JS + CSS loaded until the network is quiet (manager signed in for the app pages)');
    console.log(`  ${'page'.padEnd(20)} ${'transferred'.padStart(12)} ${'raw'.padStart(10)} ${'files'.padStart(6)}   target ≤ 150 kB`);
    for (const [url, b] of Object.entries(bytes)) {
      console.log(
        `  ${url.padEnd(20)} ${kb(b.transferred).padStart(12)} ${kb(b.raw).padStart(10)} ${String(b.files).padStart(6)}   ${b.transferred <= 150_000 ? 'met' : 'NOT met'}`,
      );
    }

    if (!values['no-lighthouse']) {
      // Lighthouse drives the same browser (its storage holds the session) through the debugging port.
      const scores: Record<string, unknown>[] = [];
      const failing = new Set<string>();
      console.log('\nLighthouse (simulated throttling): performance, accessibility, best practices, SEO; LCP, CLS, TBT');
      for (const form of ['mobile', 'desktop'] as const) {
        for (const url of PAGES) {
          const out = path.join(profile, `lh-${form}-${url.replaceAll('/', '_')}.json`);
          await run(
            'npx',
            [
              '--yes',
              LIGHTHOUSE,
              `${origin}${url}`,
              `--port=${port}`,
              '--disable-storage-reset',
              '--output=json',
              `--output-path=${out}`,
              '--quiet',
              '--only-categories=performance,accessibility,best-practices,seo',
              ...(form === 'desktop' ? ['--preset=desktop'] : []),
            ],
            { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
          );
          const report = JSON.parse(readFileSync(out, 'utf8')) as {
            categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
            audits: Record<string, { numericValue?: number; score: number | null; title: string }>;
          };
          // What keeps best practices and SEO below 100, said once per audit.
          for (const category of ['best-practices', 'seo']) {
            for (const ref of report.categories[category]?.auditRefs ?? []) {
              const audit = report.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.add(`${category}: ${audit.title}`);
            }
          }
          const score = (c: string) => Math.round((report.categories[c]?.score ?? 0) * 100);
          const row = {
            form,
            url,
            performance: score('performance'),
            accessibility: score('accessibility'),
            bestPractices: score('best-practices'),
            seo: score('seo'),
            lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? 0,
            cls: report.audits['cumulative-layout-shift']?.numericValue ?? 0,
            tbtMs: report.audits['total-blocking-time']?.numericValue ?? 0,
          };
          scores.push(row);
          console.log(
            `  ${form.padEnd(8)} ${url.padEnd(20)} ${String(row.performance).padStart(4)} ${String(row.accessibility).padStart(4)} ${String(row.bestPractices).padStart(4)} ${String(row.seo).padStart(4)}   LCP ${(row.lcpMs / 1000).toFixed(1)} s  CLS ${row.cls.toFixed(3)}  TBT ${row.tbtMs.toFixed(0)} ms`,
          );
        }
      }
      console.log('  targets: mobile performance ≥ 90 (≥ 95 on /login), CLS ≤ 0.02, best practices 100');
      for (const audit of failing) console.log(`  failed: ${audit}`);
      result.lighthouse = scores;
      result.failing = [...failing];
    }
    mkdirSync(path.join(here, 'results'), { recursive: true });
    writeFileSync(path.join(here, 'results', 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await stop(server.child);
    rmSync(profile, { recursive: true, force: true });
  }
}
