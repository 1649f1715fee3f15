import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  // The router plugin must run before react() so the split route chunks are plain React afterwards.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
      semicolons: true,
    }),
    react(),
  ],
  css: { postcss: { plugins: [postcssPresetMantine()] } },
  server: {
    // The API runs beside Vite in development; in production the server serves dist/ itself.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  preview: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
