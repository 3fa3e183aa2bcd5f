import type { AppConfig } from './config';

// A demo sign-in account as the banner lists it; none when no demo data is seeded.
export type BannerAccount = { email: string; role: string; description: string };

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
    lines.push('', 'Demo accounts (sign in at /app/login with the e-mail address):');
    for (const a of accounts) lines.push(`  ${a.email.padEnd(width)}  ${a.role.padEnd(7)}  ${a.description}`);
  }
  lines.push('');
  return lines.join('\n');
}

export function printStartupBanner(config: AppConfig, accounts: readonly BannerAccount[]): void {
  process.stdout.write(`${startupBanner(config, accounts)}\n`);
}
