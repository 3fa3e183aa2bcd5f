export type ThrowawayPostgres = { url: string; port: number; dir: string; stop: () => void };
export function startThrowawayPostgres(options?: { quiet?: boolean }): Promise<ThrowawayPostgres>;
