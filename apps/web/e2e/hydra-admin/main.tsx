import { fetchHydra, HydraAdmin, hydraDataProvider } from '@api-platform/admin';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { createRoot } from 'react-dom/client';

/**
 * API Platform Admin as an operator would set it up against Kovanica (hydra-admin.spec.ts builds and
 * serves it from an origin of its own): HydraAdmin pointed at the API's entrypoint, a sign-in that
 * posts to the API's authentication route, and a fetch that sends the token it answered. Only the
 * library's documented options are used; nothing here changes a request or an answer of the API.
 */

/** The API's entrypoint, given to the build by the spec (esbuild's `define`). */
declare const KOVANICA_ENTRYPOINT: string;
const entrypoint = KOVANICA_ENTRYPOINT;
const TOKEN = 'kovanica-token';

const bearer = (): Record<string, string> => {
  const token = localStorage.getItem(TOKEN);
  return token ? { Authorization: `Bearer ${token}` } : {};
};

/** The library's own fetch, with the caller's token beside the headers it sets (a PATCH's merge-patch type). */
const httpClient: typeof fetchHydra = (url, options = {}) => {
  const headers = new Headers(typeof options.headers === 'function' ? options.headers() : options.headers);
  for (const [name, value] of Object.entries(bearer())) headers.set(name, value);
  return fetchHydra(url, { ...options, headers });
};

/** The documentation parser with the token too: it reads each collection's filters (`search`) from a list. */
const apiDocumentationParser = (url: string) => parseHydraDocumentation(url, { headers: bearer });

const authProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch(new URL('authentication_token', `${entrypoint}/`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: username, password }),
    });
    if (!response.ok) throw new Error(`sign-in refused: ${response.status}`);
    localStorage.setItem(TOKEN, ((await response.json()) as { token: string }).token);
  },
  async logout() {
    localStorage.removeItem(TOKEN);
  },
  async checkAuth() {
    if (!localStorage.getItem(TOKEN)) throw new Error('not signed in');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN);
      throw new Error('signed out');
    }
  },
  async getPermissions() {
    return null;
  },
};

const dataProvider = hydraDataProvider({ entrypoint, httpClient, apiDocumentationParser, mercure: false });

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <HydraAdmin
      entrypoint={entrypoint}
      dataProvider={dataProvider}
      authProvider={authProvider}
      requireAuth
      disableTelemetry
      mercure={false}
    />,
  );
}
