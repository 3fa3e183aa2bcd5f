import { rm } from 'node:fs/promises';
import { serverEnvKeys, stopServer } from './support/server-process';

export default async function globalTeardown(): Promise<void> {
  // Only a server that globalSetup started is ours to stop.
  const pid = Number(process.env[serverEnvKeys.pid]);
  if (!pid) return;
  await stopServer(pid);

  const workDir = process.env[serverEnvKeys.workDir];
  if (workDir && !process.env.E2E_KEEP_DATA) {
    await rm(workDir, { recursive: true, force: true });
  } else if (workDir) {
    console.log(`e2e: kept the server's data and log in ${workDir}`);
  }
}
