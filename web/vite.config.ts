// The dashboard's build: React, output in web/dist, which the service serves at `/`
// (src/http/dashboard.ts). `npm run dev:web` proxies the API to a running service.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.DASHBOARD_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { proxy: { '/v1': api, '/openapi.json': api } },
});
