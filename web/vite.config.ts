import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The web app: built to web/dist, which the service serves at `/` (src/http). Hashed files go under
 * /assets/ (cached for a year); index.html is the only page and is never cached.
 * `npm run web:dev` serves it with hot reload and sends the API's paths to a running service.
 */
const service = process.env.DOCKET_URL ?? "http://127.0.0.1:3000";
const toService = { target: service, changeOrigin: false };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: { "@client": path.resolve(import.meta.dirname, "../src/client") } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    // inline nothing: the page's Content-Security-Policy admits scripts and styles from 'self' only
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      "/v1": toService,
      "/sign-in": toService,
      "/sign-out": toService,
      "/settings": toService,
      "/welcome": toService,
      "/files": toService,
    },
  },
});
