import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/vite-precompress.js';

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      // The app asks before reloading into a new build (update prompt), never mid-scan.
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'Dockside',
        short_name: 'Dockside',
        description: 'Prep-centre warehouse floor and desk',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The whole app shell is precached so a device that loaded it once opens it offline.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // The barcode engine (~250 KB gzip) is fetched when first used and cached then, so the
        // first visit does not spend its bandwidth on it.
        globIgnores: ['**/bwip-js-*.js'],
        runtimeCaching: [
          {
            urlPattern: /\/assets\/.*\.js$/,
            handler: 'CacheFirst',
            options: { cacheName: 'dockside-assets', expiration: { maxEntries: 200 } },
          },
        ],
        // Background Sync: wakes open windows' outbox drains when the network returns.
        importScripts: ['/sw-sync.js'],
        navigateFallback: '/index.html',
        // The API and the providers' sandboxes (consent pages are server-rendered) are never the app.
        navigateFallbackDenylist: [/^\/api\//, /^\/sandbox\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  build: { target: 'es2022', sourcemap: process.env.SOURCEMAP === '1', chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
