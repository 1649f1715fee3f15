import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin } from 'vite';

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
      const files = [...Object.keys(bundle), 'index.html'].filter(
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

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    precompress(),
  ],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: {
    // The API runs beside Vite in development; in production the server serves dist/ itself.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
