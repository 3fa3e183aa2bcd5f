import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const READY_TIMEOUT_MS = 120_000;
const READY_POLL_MS = 250;
const STOP_TIMEOUT_MS = 15_000;

// What globalSetup hands to globalTeardown (they share the runner process, not its modules).
export const serverEnvKeys = {
  baseUrl: 'E2E_BASE_URL',
  pid: 'E2E_SERVER_PID',
  workDir: 'E2E_WORK_DIR',
} as const;

export type StartedServer = { baseUrl: string; pid: number; workDir: string; logPath: string };

// extraEnv: settings of the run (mail delivery, sign-in providers) on top of the defaults below.
export async function startServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<StartedServer> {
  const serverEntry = process.env.E2E_SERVER_ENTRY ?? path.join(repoRoot, 'apps/server/dist/server.js');
  // E2E_WEB_DIST_DIR and E2E_SERVER_ENTRY let several builds of one tree be tested side by side.
  const webDistDir = process.env.E2E_WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist');
  requireBuilt(serverEntry);
  requireBuilt(path.join(webDistDir, 'index.html'));

  const workDir = await mkdtemp(path.join(tmpdir(), 'portico-e2e-'));
  const logPath = path.join(workDir, 'server.log');
  const port = await findFreePort();
  // A host name, not an address: a passkey is bound to the server's domain (its relying party id, taken
  // from PUBLIC_URL), and browsers refuse an IP address there. The server still listens on 127.0.0.1.
  const baseUrl = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(workDir, 'data'),
    SEED_TRANSACTIONS: '2000',
    WEB_DIST_DIR: webDistDir,
    // Every spec signs in through the real sign-in calls, all from this one address, and the axe check
    // opens every page in a row: the limits are tested in the API tier.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every spec signs in through the real link flow; the per-address limit is tested in the API tier.
    LOGIN_LINKS_PER_ADDRESS: '1000',
    ...extraEnv,
  };
  // A fresh database every run, even on a machine configured for a real Postgres: the empty one named
  // by E2E_DATABASE_URL, else the embedded PGlite in the work directory.
  delete env.DATABASE_URL;
  delete env.REPORTING_DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  const logFd = openSync(logPath, 'a');
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  if (child.pid === undefined) throw new Error(`e2e: could not start ${serverEntry}`);

  try {
    await waitUntilReady(baseUrl, child, logPath);
  } catch (error) {
    await stopServer(child.pid);
    throw error;
  }
  return { baseUrl, pid: child.pid, workDir, logPath };
}

function requireBuilt(file: string) {
  if (!existsSync(file)) {
    throw new Error(`e2e: ${path.relative(repoRoot, file)} is missing. Run \`npm run build\` first.`);
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('e2e: no free port'))));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, logPath: string) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`e2e: the server exited (${child.exitCode ?? child.signalCode}).\n${logTail(logPath)}`);
    }
    if (await isReady(baseUrl)) return;
    await sleep(READY_POLL_MS);
  }
  throw new Error(
    `e2e: ${baseUrl}/readyz not ready after ${READY_TIMEOUT_MS / 1000} s.\n${logTail(logPath)}`,
  );
}

async function isReady(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
    if (!response.ok) return false;
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null && 'status' in body && body.status === true;
  } catch {
    // Not listening yet.
    return false;
  }
}

function logTail(logPath: string, lines = 40): string {
  if (!existsSync(logPath)) return '(no server log)';
  const tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  return `Last lines of ${logPath}:\n${tail}`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// SIGTERM lets the server finish requests and close the database; SIGKILL only if it hangs.
export async function stopServer(pid: number): Promise<void> {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return;
    await sleep(100);
  }
  console.warn(`e2e: server ${pid} ignored SIGTERM for ${STOP_TIMEOUT_MS / 1000} s; killing it`);
  process.kill(pid, 'SIGKILL');
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
