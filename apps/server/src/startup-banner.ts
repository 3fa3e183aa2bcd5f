import type { AppConfig } from './config';

// A demo sign-in account as the banner lists it; none when no demo data is seeded. The authenticator
// key is what a person types into an authenticator app (null: none is set up).
export type BannerAccount = {
  email: string;
  role: string;
  description: string;
  authenticatorKey: string | null;
};

// What a newcomer needs after `npm start`: where the portal is and whom to sign in as.
export function startupBanner(config: AppConfig, accounts: readonly BannerAccount[]): string {
  const base = config.publicUrl.replace(/\/$/, '');
  const lines = [
    '',
    `Portico is running: ${base}/app`,
    `  API docs:  ${base}/api/docs`,
    `  Health:    ${base}/healthz  ${base}/readyz`,
    `  Database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  if (accounts.length > 0) {
    const width = Math.max(...accounts.map((a) => a.email.length));
    const roleWidth = Math.max(...accounts.map((a) => a.role.length));
    lines.push(
      '',
      'Demo accounts (sign in at /app/login with the e-mail address; the second factor is a code from an',
      'authenticator app given the key shown; an account with none sets one up if its access requires it):',
    );
    for (const a of accounts) {
      const key = (a.authenticatorKey ?? 'none').padEnd(32);
      lines.push(`  ${a.email.padEnd(width)}  ${a.role.padEnd(roleWidth)}  ${key}  ${a.description}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

// The README's table of the same accounts (a test holds the README to it).
export function demoAccountsTable(accounts: readonly BannerAccount[]): string {
  const rows = accounts.map(
    (a) =>
      `| \`${a.email}\` | ${a.role} | ${a.authenticatorKey ? `\`${a.authenticatorKey}\`` : 'none'} | ${a.description} |`,
  );
  return ['| e-mail | role | authenticator key | who |', '|---|---|---|---|', ...rows, ''].join('\n');
}

export function printStartupBanner(config: AppConfig, accounts: readonly BannerAccount[]): void {
  process.stdout.write(`${startupBanner(config, accounts)}\n`);
}
