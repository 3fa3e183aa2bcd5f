import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { serverPackageRoot } from '../src/lib/paths';

// The real server (src/server.ts under tsx) as a child process, for tests that need whole processes:
// several instances on one database, a crash. Output goes to logPath.

export type RunningServer = {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | number | null>;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

// env: the whole environment beyond PORT, HOST and PUBLIC_URL, which this sets.
export async function spawnServer(env: NodeJS.ProcessEnv, logPath: string): Promise<RunningServer> {
  const serverRoot = serverPackageRoot();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFd = openSync(logPath, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/server.ts')], {
    cwd: path.resolve(serverRoot, '../..'),
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: baseUrl },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { baseUrl, child, exited };
}

// Polls /readyz until the server answers it; fails with the log when the process exits first.
export async function untilReady(server: RunningServer, logPath: string): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited while starting:\n${readFileSync(logPath, 'utf8')}`);
    }
    const response = await fetch(`${server.baseUrl}/readyz`).catch(() => null);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopServer(server: RunningServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server.exited;
}
