// The dashboard's build: React, output in web/dist, which the service serves at `/`
// (src/http/dashboard.ts) with a brotli and a gzip copy of each text file beside it.
// `npm run dev:web` proxies the API to a running service.
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress.ts';

const api = process.env.DASHBOARD_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompressPlugin(join(import.meta.dirname, 'dist'))],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/v1': api, '/openapi.json': api } },
});
