export type ThrowawayPostgres = {
  url: string;
  port: number;
  dir: string;
  bin: string;
  stop: () => void;
  createDatabase: (name: string) => string;
};
export function startThrowawayPostgres(options?: {
  quiet?: boolean;
  // Keeps full-page writes and a replication role so startStreamingReplica can follow it.
  replication?: boolean;
}): Promise<ThrowawayPostgres>;

export type StreamingReplica = {
  url: string;
  port: number;
  dir: string;
  stop: () => void;
  // Resolves once replay reaches the primary's WAL position at the call.
  waitForReplay: (timeoutMs?: number) => Promise<{ lsn: string; waitedMs: number }>;
  lagBytes: () => Promise<number>;
};
export function startStreamingReplica(
  primary: Pick<ThrowawayPostgres, 'url' | 'port'> & { bin?: string },
  options?: { quiet?: boolean },
): Promise<StreamingReplica>;
