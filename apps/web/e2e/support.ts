import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Company, contrastRatio, type DashboardSummary, iri, isValidOib, type TelemetryEvent, type User } from '@kovanica/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { accountInfoOf, personalInfoOf } from '../src/lib/session.ts';

/** Demo accounts the server seeds on a new database (SEED_DEMO=1). */
export const PASSWORD = 'kovanica-demo';
export const USERS = {
  admin: 'admin@kovanica.test',
  manager: 'manager@zabavni.test',
  accountant: 'accountant@zabavni.test',
  worker: 'worker@zabavni.test',
  otherManager: 'manager@drugi.test',
} as const;

/** The password of the users a test makes with `signIn`'s help: the demo's is refused for a new account. */
export const NEW_USER_PASSWORD = 'modra-ribica-pliva-sama';

export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const response = await request.post('/api/v2/authentication_token', { data: { email, password } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await request.get(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}`, ...headers } });
  expect(response.ok(), `GET ${path}`).toBeTruthy();
  return (await response.json()) as T;
}

/** A user a test makes for itself: its e-mail, name and surname, role and password. */
export interface TestUser {
  email: string;
  name: string;
  surname: string;
  role: 'manager' | 'accountant' | 'worker';
  password: string;
}

/**
 * Makes a test's own users in the admin's company, so its figures do not depend on what other tests
 * create. A retry finds them made (422, the e-mail taken) and goes on.
 */
export async function createUsers(request: APIRequestContext, users: TestUser[]): Promise<void> {
  const token = await apiToken(request, USERS.admin);
  const { member } = await apiGet<{ member: User[] }>(request, token, `/users?email=${USERS.admin}`);
  for (const { role, ...user } of users) {
    const response = await request.post('/api/v2/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...user, roles: [role], company: member[0]?.company },
    });
    expect([201, 422], `create ${user.email}`).toContain(response.status());
  }
}

/**
 * Picks an option of a select by the select's label. A plain select is a combobox, a searchable one a
 * textbox, typed into first when `search` is given; `within` narrows the select to a part of the page
 * (a dialog). The options are looked for in the whole page: a dropdown is portalled to the body.
 */
export async function chooseOption(
  page: Page,
  label: string,
  option: string,
  { within = page, search }: { within?: Locator | Page; search?: string } = {},
): Promise<void> {
  const input = within.getByRole('textbox', { name: label, exact: true }).or(within.getByRole('combobox', { name: label, exact: true }));
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Opens a side-menu group and follows one of its links, as a user does: once the link is wholly in
 * view. A click while the group still unfolds, on a link the side menu has to scroll to, could land
 * on an entry above it (seen with the last of the twelve devices' entries).
 */
export async function followMenu(page: Page, group: string, link: string): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: group }).click();
  const target = menu.getByRole('link', { name: link, exact: true });
  await expect(async () => {
    await target.scrollIntoViewIfNeeded();
    await expect(target).toBeInViewport({ ratio: 1, timeout: 500 });
  }).toPass();
  await target.click();
}

export function summaryOf(request: APIRequestContext, token: string): Promise<DashboardSummary> {
  return apiGet<DashboardSummary>(request, token, '/dashboard/summary');
}

/** Signs in through the login screen, as a user would. */
export async function signInWithForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Signs in without the login screen: the session the app would store, built from the API. Tests of
 * other screens start here so they drive only the screen under test.
 */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<{ token: string; user: User; company: Company }> {
  const token = await apiToken(page.request, email, password);
  const users = await apiGet<{ member: User[] }>(page.request, token, `/users?email=${encodeURIComponent(email)}`);
  const user = users.member[0];
  if (!user) throw new Error(`no user ${email}`);
  const company = await apiGet<Company>(page.request, token, user.company.replace('/api/v2', ''));
  expect(company['@id']).toBe(iri('companies', company.id));
  const personalInfo = personalInfoOf(user);
  const accountInfo = accountInfoOf(user, company);
  // Any document of the app's origin will do for writing its storage. The API's health answer is one
  // that runs none of the app: a screen here would start the whole app for nothing, and starting the
  // app is most of what a page costs the browser (decision 0060).
  await page.goto('/api/v2/health');
  await page.evaluate(
    ([t, p, a]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('personalInfo', p);
      localStorage.setItem('accountInfo', a);
    },
    [token, JSON.stringify(personalInfo), JSON.stringify(accountInfo)] as const,
  );
  return { token, user, company };
}

export const storedKeys = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('token'),
    personalInfo: localStorage.getItem('personalInfo'),
    accountInfo: localStorage.getItem('accountInfo'),
    language: localStorage.getItem('language'),
  }));

/**
 * An axe scan of WCAG 2.1 A and AA. In axe's legacy mode: axe runs in the page and its frames, where by
 * default `@axe-core/playwright` also opens a new page for every scan to put the frames' results
 * together (a guard for cross-origin frames, which the app has none of). Thirty screens at 375 px took
 * 54 and 53 s of scanning that way and 30 and 33 s in legacy mode, with the same findings (decision 0033).
 * Only violations are worked out in full (`resultTypes`): axe still runs every rule on every element, but
 * no longer writes a selector for each element that passed. Eighteen lists at 375 px: 19.9 and 20.7 s
 * of scanning before, 15.0 and 14.9 s after; 41 forms and reports: 43.3 and 43.7 s, then 32.8 and 34.8 s.
 */
export const axeScan = (page: Page) =>
  new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });

/**
 * Waits until the page has had no request under way for half a second — what `networkidle` meant before
 * every signed-in page held its live updates' stream (`GET /api/v2/events`) open, which keeps the network
 * busy for good. The stream is left out. Requests started before the call are not seen, but a table
 * still fetching is (`aria-busy`).
 */
export async function waitForQuiet(page: Page, quietMs = 500, timeoutMs = 15_000): Promise<void> {
  const pending = new Set<unknown>();
  const started = (request: { url(): string }) => {
    if (!request.url().includes('/api/v2/events')) pending.add(request);
  };
  const ended = (request: unknown) => pending.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.waitForLoadState('load');
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      await page.waitForTimeout(100);
      // A table still fetching (its `aria-busy`) counts as a request under way: it may have started before the call.
      if (pending.size > 0 || (await page.locator('[aria-busy="true"]').count()) > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Serious and critical accessibility findings (WCAG 2.1 A and AA) fail the test; `within`, a selector, scans only that part (an open dialog). */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  // A drawer or modal still fading in has text of too little contrast for the moment it is half
  // transparent: axe reads what is settled. Endless animations (skeletons, loaders) and those driven by
  // scrolling (the row actions' edge) are not waited for, nor anything for more than 2 s.
  const settle = () =>
    page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const running = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState === 'running' &&
            a.timeline instanceof DocumentTimeline &&
            a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
      const settled = Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2_000))]);
    });
  // A sandboxed frame without scripts (an e-mail's HTML in the outbox) cannot run axe: the scan
  // would wait on it for ever. What it shows is the e-mail, not the app; its frame's title is the app's.
  const scan = async () => {
    const builder = axeScan(page).exclude('iframe[sandbox=""]');
    const results = await (within ? builder.include(within) : builder).analyze();
    const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    return blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  await settle();
  let findings = await scan();
  // What starts fading during the scan (a notification closing on its timer) is half transparent for
  // a moment, and axe read its text as too faint (1 run in 225). Contrast is read again once settled,
  // and only what stays counts.
  if (findings.some((finding) => finding.startsWith('color-contrast:'))) {
    await settle();
    findings = await scan();
  }
  expect(findings).toEqual([]);
}

/**
 * The contrast of a text's colour against what it is drawn on: the backgrounds of it and its
 * ancestors, half-transparent ones laid over those below, on white. axe leaves out text of its
 * background's very colour (1:1 reads to it as hidden on purpose): a warning's title that vanished
 * into its orange band passed every scan.
 */
export async function textContrast(text: Locator): Promise<number> {
  const [fg, bg] = await text.evaluate((element) => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const layers: number[][] = [];
    for (let node: Element | null = element; node; node = node.parentElement) {
      const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(node).backgroundColor);
      if (a > 0) layers.push([r, g, b, a]);
      if (a >= 1) break;
    }
    const under = layers
      .reverse()
      .reduce((below, [r = 0, g = 0, b = 0, a = 1]) => [r, g, b].map((c, i) => c * a + (below[i] ?? 255) * (1 - a)), [255, 255, 255]);
    const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
    return [hex(rgba(getComputedStyle(element).color).slice(0, 3)), hex(under)];
  });
  return contrastRatio(fg, bg) ?? 0;
}

/** Sequence numbers must rise per logger: from the clock, and never twice the same within a run. */
let lastSeq = 0;
const nextSeq = () => {
  lastSeq = Math.max(lastSeq + 1, Date.now());
  return lastSeq;
};

/** A logger's event as a test writes it: its type and fields; the sequence number and time are added. */
export type TelemetryInput = { type: TelemetryEvent['type'] } & Record<string, unknown>;

/** Sends events as the device's logger does: through the ingestion API with the demo logger's credential, now. */
export async function sendTelemetry(request: APIRequestContext, imei: string, events: TelemetryInput[]): Promise<void> {
  const response = await request.post('/api/v2/telemetry/batches', {
    headers: { Authorization: `Bearer kvl_demo_${imei}` },
    data: { imei, events: events.map((e) => ({ seq: nextSeq(), at: new Date().toISOString(), ...e })) },
  });
  expect(response.status(), 'POST /telemetry/batches').toBe(200);
  expect(((await response.json()) as { accepted: number }).accepted).toBe(events.length);
}

/** Creates through the API (201 expected, the answer's body in the failure message). */
export async function apiPost<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/** Changes through the API with a merge-patch (200 expected). */
export async function apiPatch(request: APIRequestContext, token: string, path: string, data: unknown): Promise<void> {
  const response = await request.patch(`/api/v2${path}`, {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/merge-patch+json' },
    data,
  });
  expect(response.status(), `PATCH ${path}`).toBe(200);
}

/** A valid OIB no other run has used: random digits and the right check digit. */
export function newOib(): string {
  const body = String(Math.floor(Math.random() * 9e9) + 1e9);
  for (let digit = 0; digit <= 9; digit++) if (isValidOib(`${body}${digit}`)) return `${body}${digit}`;
  throw new Error('no check digit');
}

/** A loyalty card's chip id no other run has used: 7 bytes, upper-case hex. */
export const newCardUid = () =>
  Array.from({ length: 7 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join('')
    .toUpperCase();

/**
 * The texts of one column of a table, top to bottom, read in one go. A loop over the rows (count,
 * then read each) waits without end on a row that a re-render took away in between, so a poll around
 * it never asked again: the users list's test failed so about once in ten runs.
 */
export function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const [head, ...rows] = Array.from(element.querySelectorAll('tr'));
    const index = Array.from(head?.children ?? []).findIndex((cell) => (cell as HTMLElement).innerText.trim() === name);
    if (index < 0) throw new Error(`no column "${name}"`);
    return rows.map((row) => (row.children[index] as HTMLElement | undefined)?.innerText.trim() ?? '');
  }, header);
}

/** A screenshot for a human look, when KV_SHOTS=<dir> is set (outside the repository). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  const dir = process.env.KV_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}
