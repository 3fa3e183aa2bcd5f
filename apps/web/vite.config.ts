import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

// The release browser error reports name: PORTICO_RELEASE, else the git commit.
function releaseName(): string {
  if (process.env.PORTICO_RELEASE) return process.env.PORTICO_RELEASE;
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: webRoot,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

// Everything the API server answers; the rest of the origin belongs to the SPA under /app.
const serverPrefixes = ['/api', '/auth', '/firebase', '/authenticated', '/logout', '/healthz', '/readyz'];

// Framework code every page needs: one long-lived cacheable chunk each.
const initialVendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'vendor-mantine',
    test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-transition-group)/,
  },
  { name: 'vendor-query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
];

export default defineConfig({
  root: webRoot,
  base: '/app/',
  plugins: [react()],
  define: { 'import.meta.env.VITE_RELEASE': JSON.stringify(releaseName()) },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // No preload lists for lazy imports: Vite would put every route's dependency list into the entry
    // chunk, which every page (and /login's budget) pays for, and which grows with each new page. A
    // route's chunk fetches what it imports itself.
    modulePreload: { resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
    rolldownOptions: {
      // The portal, and the payment frame as its own small page (no React or Mantine).
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        'payment-frame': fileURLToPath(new URL('./payment-frame.html', import.meta.url)),
      },
      output: {
        // A lazy vendor chunk is named after the routes that share it, often a hundred characters;
        // every chunk importing it repeats that name. The hash alone names it.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('vendor-lazy') ? 'assets/vendor-lazy-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // '$initial' keeps code only lazy routes use out of the first load: a Mantine
            // component used by one report page must not weigh on /login.
            ...initialVendorGroups.map((group, index) => ({
              ...group,
              tags: ['$initial' as const],
              priority: 30 - index,
            })),
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 10 },
            // Lazy-only libraries (charts, dates, forms...) split by the set of routes that use them.
            { name: 'vendor-lazy', test: /node_modules[\\/]/, entriesAware: true, priority: 0 },
          ],
        },
      },
    },
  },
});
