/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadBoot } from './build/preload-boot.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), ...(isSsrBuild ? [] : [preloadBoot(), precompress()])],
  base: '/',
  resolve: {
    alias: { '#web': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    port: 5173,
    // ws: the live socket of a running business (/api/live, ADR 0043) goes through too.
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  // The server's renderer (src/entry-server.tsx → dist-ssr/entry-server.cjs) carries its
  // dependencies, and React's production build whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        target: 'node20',
        copyPublicDir: false,
        // CommonJS: the server runs under tsx, whose loader passes a .cjs file through untouched
        // but rewrites every ES module it loads — 330 MB more resident memory for this renderer,
        // 65 MB as CommonJS (ADR 0009 "Memory").
        rolldownOptions: {
          output: { format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'assets/[name]-[hash].cjs' },
        },
      }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 1500,
        // One stylesheet for the whole app (about 40 kB): a server-rendered page needs its styles
        // before the page's script chunks are there, and is not worth a request per chunk.
        cssCodeSplit: false,
        modulePreload: false,
        // React in a chunk of its own: the entry evaluates it in a task before the rest of the app
        // (src/main.tsx), instead of one long task for everything.
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
            },
          },
        },
      },
  test: {
    name: 'web',
    environment: 'jsdom',
    // A worker imports antd, React and the app once for all its files instead of once per file
    // (the project's 86 s became 20 s on a 2-core machine); so what a file must undo after each
    // test is registered by the setup file, which runs for every file (ADR 0006).
    isolate: false,
    setupFiles: ['src/shared/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // A first render of antd in jsdom takes seconds on a busy 2-core machine (seen: over 5 s at a
    // load of 30); the limit is for a test that hangs, not a measure of speed.
    testTimeout: 30_000,
  },
}));
