import { serverEnvKeys, startServer } from './support/server-process';

export default async function globalSetup(): Promise<void> {
  const givenBaseUrl = process.env[serverEnvKeys.baseUrl];
  if (givenBaseUrl) {
    console.log(`e2e: testing the server already running at ${givenBaseUrl}`);
    return;
  }

  const server = await startServer();
  // Workers inherit the runner's environment: this is how the specs learn the address.
  process.env[serverEnvKeys.baseUrl] = server.baseUrl;
  process.env[serverEnvKeys.pid] = String(server.pid);
  process.env[serverEnvKeys.workDir] = server.workDir;
  console.log(`e2e: server ${server.pid} ready at ${server.baseUrl} (log: ${server.logPath})`);
}
