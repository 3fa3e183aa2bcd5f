// Bundles the server (and the workspace contracts it imports) into dist/server.js; npm packages stay
// external so native and wasm assets (PGlite) load from node_modules.
import fs from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@portico/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'seed-cli': 'src/db/seed/seed-cli.ts',
    'migrate-cli': 'src/db/migrate-cli.ts',
  },
  outdir: process.env.SERVER_OUT_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`server bundled into ${process.env.SERVER_OUT_DIR ?? 'apps/server/dist'}`);
