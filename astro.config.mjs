import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// Pages and static JSON are prerendered; the API endpoints opt out with `prerender = false` and run under
// our own server (src/server/main.ts) through the adapter's middleware mode. See README "Serving design".
export default defineConfig({
  output: 'static',
  // scripts/build.ts sets this; a test builds a second content set into another directory.
  outDir: process.env.OCC_DIST_DIR ?? 'dist',
  adapter: node({ mode: 'middleware' }),
  // The API has no cookies or sessions, and browsers on other origins must be able to POST /rag.
  security: { checkOrigin: false },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  devToolbar: { enabled: false },
});
