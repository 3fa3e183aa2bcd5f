import { e2eEnvKeys, googleClient, startE2eControl } from './support/e2e-control';
import { serverEnvKeys, startServer } from './support/server-process';
import { demoAccountsWithTour, markTourSeenThroughApi } from './support/tours';

// Starts the mail catcher and the OpenID provider, then the real server wired to them. The returned
// function is Playwright's teardown for what this process started; global-teardown stops the server.
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const givenBaseUrl = process.env[serverEnvKeys.baseUrl];
  if (givenBaseUrl) {
    console.log(`e2e: testing the server already running at ${givenBaseUrl}`);
    return undefined;
  }

  const control = await startE2eControl();
  try {
    const server = await startServer({
      SMTP_URL: control.smtpUrl,
      OIDC_GOOGLE_ISSUER: control.oidcIssuer,
      OIDC_GOOGLE_CLIENT_ID: googleClient.id,
      OIDC_GOOGLE_CLIENT_SECRET: googleClient.secret,
      // Test only: the webhooks spec's receiver listens on loopback, which a production server refuses
      // to post to (it accepts only public addresses).
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    // Workers inherit the runner's environment: this is how the specs learn the addresses.
    process.env[serverEnvKeys.baseUrl] = server.baseUrl;
    process.env[serverEnvKeys.pid] = String(server.pid);
    process.env[serverEnvKeys.workDir] = server.workDir;
    process.env[e2eEnvKeys.controlUrl] = control.controlUrl;
    console.log(`e2e: server ${server.pid} ready at ${server.baseUrl} (log: ${server.logPath})`);
    console.log(`e2e: mail at ${control.smtpUrl}, OpenID provider at ${control.oidcIssuer}`);
    for (const email of demoAccountsWithTour) await markTourSeenThroughApi(server.baseUrl, email);
  } catch (error) {
    await control.close();
    throw error;
  }
  return control.close;
}
