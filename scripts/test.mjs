// `npm test`: every tier. Lint, the architecture check (which part may import which) and types, the
// unit and API tiers (API on PGlite and on a throwaway PostgreSQL), then the end-to-end tier in Debian's
// Chromium against the built server (on a database of its own in that PostgreSQL).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startThrowawayPostgres } from './throwaway-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skipE2e = process.env.PORTICO_TEST_SKIP_E2E === '1';

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds}s)`);
    return false;
  }
  console.log(`✔ ${title} (${seconds}s)`);
  return true;
}

function ensureChromium() {
  if (fs.existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) throw new Error('Debian chromium is missing: apt-get install chromium');
  console.log('Installing Debian chromium for the end-to-end tier…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}

let postgres;
let ok = true;
try {
  ok = run('lint', 'npx', ['biome', 'check', '.']) && ok;
  ok = run('architecture', 'node', ['scripts/check-architecture.mjs']) && ok;
  ok = run('typecheck', 'npm', ['run', 'typecheck', '--silent']) && ok;

  let testDatabaseUrl = process.env.TEST_DATABASE_URL;
  if (!testDatabaseUrl) {
    postgres = await startThrowawayPostgres();
    testDatabaseUrl = postgres.url;
  }
  ok =
    run('unit, API (PGlite and PostgreSQL) and web tiers', 'npx', ['vitest', 'run'], {
      TEST_DATABASE_URL: testDatabaseUrl,
    }) && ok;

  if (!skipE2e) {
    ensureChromium();
    ok = run('build', 'npm', ['run', 'build']) && ok;
    // The server under test keeps its data in PostgreSQL when one is at hand (its own empty database):
    // the database then works on the second core instead of inside the server's one thread.
    const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? postgres?.createDatabase('portico_e2e');
    ok =
      run(
        'end-to-end tier (Chromium)',
        'npx',
        ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
        e2eDatabaseUrl ? { E2E_DATABASE_URL: e2eDatabaseUrl } : {},
      ) && ok;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  ok = false;
} finally {
  postgres?.stop();
}
console.log(ok ? '\nAll test tiers passed.' : '\nSome test tiers failed.');
process.exit(ok ? 0 : 1);
