import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a `.br` and a `.gz` beside every text file of the build, at the highest levels (once per
 * build, not per request); the server sends them as the browser accepts (decision 0016).
 */
function precompress(): Plugin {
  return {
    name: 'kovanica-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = [...Object.keys(bundle), ...Object.values(PAGES)].filter(
        (f, i, all) => /\.(js|css|html|svg|json)$/.test(f) && all.indexOf(f) === i,
      );
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(path.join(dir, file));
          if (content.byteLength < 1024) return;
          await writeFile(path.join(dir, `${file}.br`), await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(path.join(dir, `${file}.gz`), await gzipped(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Mantine's `useId` takes React's id and then, in a layout effect on mount, replaces it with a random
 * one: a second, synchronous render of every input, menu, drawer and portal right after it mounts, in
 * the commit of the screen (some 35 ms of a phone's CPU on the dashboard, decision 0016). React's own
 * id is already unique and stable for the component's life, so the module is replaced by one that
 * returns it (the id Mantine renders first, unchanged). The build fails if the module moves or
 * changes, rather than silently keep the old behaviour. Build only: the development server serves
 * dependencies pre-bundled, past this plugin, so there Mantine's own `useId` runs.
 */
function mantineStableId(): Plugin {
  const file = /@mantine\/hooks\/esm\/use-id\/use-id\.mjs$/;
  let replaced = false;
  return {
    name: 'kovanica-mantine-stable-id',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return;
      if (!code.includes('setUuid(randomId())')) throw new Error(`[kovanica] ${id} changed: check the useId replacement (vite.config.ts)`);
      replaced = true;
      return {
        code: `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`,
        map: null,
      };
    },
    buildEnd(error) {
      if (!error && !replaced && this.meta.watchMode === false)
        this.error('[kovanica] @mantine/hooks use-id.mjs was not found: check the useId replacement (vite.config.ts)');
    },
  };
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The build's pages: the app, and the sign-in page apart from it (decision 0016), served at `/login`
 * by the server (`http/web.ts`) and, in development, by the rewrite below.
 */
const PAGES = { main: 'index.html', login: 'login.html' } as const;

/** The pages' common head, written once (the pages differ only in their script). */
const HEAD = `<meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    <meta name="theme-color" content="#3b5bdb" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="color-scheme" content="light" />
    <meta name="description" content="Kovanica: the back-office of vending and amusement machine operators — devices, cash, revenue and reports." />
    <title>Kovanica</title>
    <script src="/zod-jitless.js"></script>`;

function pageHead(): Plugin {
  return {
    name: 'kovanica-page-head',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace('<!-- kovanica:head (vite.config.ts) -->', HEAD) },
  };
}

function signInPage(): Plugin {
  return {
    name: 'kovanica-sign-in-page',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/login' || req.url?.startsWith('/login?')) req.url = `/login.html${req.url.slice('/login'.length)}`;
        next();
      });
    },
  };
}

export default defineConfig({
  // The router plugin must run before react() so the split route chunks are plain React afterwards.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader travels with its screen: the entry keeps only what matching a URL needs
      // (paths, search validation, gates), not the queries and schemas of every screen (decision 0016).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
    mantineStableId(),
    pageHead(),
    precompress(),
    signInPage(),
    // The service worker (decision 0054): `src/sw.js`, built to /sw.js with the list of the build's
    // files to precache written into it. The manifest is `public/manifest.webmanifest`, linked from
    // the pages' head above; the app registers the worker itself (`lib/service-worker.ts`).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.js',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        // The app shell: both pages, every script and style (the screens' chunks too: a screen opened
        // offline still draws), the icons and fonts. Not Vite's manifest, not the .br/.gz copies.
        globPatterns: ['**/*.{html,js,css,svg,png,woff2,webmanifest}'],
        globIgnores: ['**/node_modules/**', 'sw.js', 'media/**'],
        // pdfmake and its fonts (decision 0018) are the two largest files, about 1 MB each.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  build: {
    // The page's own scripts are preloaded from its HTML; a lazily loaded screen's are found by the browser
    // as it loads the screen, not listed ahead by a <link> per file appended from script (decision 0016).
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    // The two chunks over Vite's 500 kB warning are pdfmake (~970 kB) and its fonts (~850 kB), loaded only
    // when a receipt or a PDF is made in the browser (decision 0018). What each screen loads is held by
    // its own budget instead (`npm run test:weight`); the warning stays for anything bigger than those.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { input: Object.fromEntries(Object.entries(PAGES).map(([name, file]) => [name, here(`./${file}`)])) },
  },
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: {
    // The API runs beside Vite in development; in production the server serves dist/ itself.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
