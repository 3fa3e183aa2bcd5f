// `npm start`: build what is missing, then run the server (which migrates and seeds on first run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builds = [
  { what: 'portal', marker: 'apps/web/dist/index.html', workspace: '@portico/web' },
  { what: 'server', marker: 'apps/server/dist/server.js', workspace: '@portico/server' },
];

for (const { what, marker, workspace } of builds) {
  if (fs.existsSync(path.join(root, marker))) continue;
  console.log(`Building the ${what} (first start)…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// With SMTP the server runs as in production. Without it this is a local trial: development mode with
// the dev mailbox (production refuses to start without SMTP, and never serves the mailbox).
const localTrial = !process.env.SMTP_URL;
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: localTrial
    ? { NODE_ENV: 'development', DEV_MAILBOX: 'true', ...process.env }
    : { NODE_ENV: 'production', ...process.env },
});
// Pass signals through so the server can finish requests in flight before exiting.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
