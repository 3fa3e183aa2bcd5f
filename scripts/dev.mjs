// `npm run dev`: the API server with reload (tsx watch) and Vite with its proxy to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The browser talks to Vite: that is the address users reach (links in e-mails, the Origin check).
const serverEnv = {
  ...process.env,
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
  DEV_MAILBOX: process.env.DEV_MAILBOX ?? (process.env.SMTP_URL ? 'false' : 'true'),
};
const children = [
  spawn('npm', ['run', 'dev', '-w', '@portico/server'], { cwd: root, stdio: 'inherit', env: serverEnv }),
  spawn('npm', ['run', 'dev', '-w', '@portico/web'], { cwd: root, stdio: 'inherit' }),
];
console.log('Portico dev: portal http://localhost:5173/app (proxying /api to http://localhost:3000)');
const stopAll = (signal) => {
  for (const child of children) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 1;
  });
}
