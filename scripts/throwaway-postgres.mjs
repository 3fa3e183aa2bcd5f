// A throwaway PostgreSQL for tests and benchmarks: initdb in a temporary directory, a free port on
// loopback, no durability (fsync off), removed on stop. Installs Debian's postgresql when missing.
// With { replication: true } it can be followed by a streaming standby (startStreamingReplica).
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : undefined;
}

function installPostgres() {
  if (!isRoot) throw new Error('PostgreSQL binaries are missing; install the postgresql package');
  console.log('[postgres] installing Debian postgresql…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// initdb refuses to run as root, so as root the cluster belongs to the postgres user.
function asOwner(bin, args) {
  const [cmd, cmdArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const result = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

// Starts the cluster in dataDir with its options, logging to dir/server.log, and waits until it is up.
function startCluster(bin, dataDir, options, dir) {
  asOwner(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
  ]);
}

function pgBinOrInstall() {
  let bin = findPgBin();
  if (!bin) {
    installPostgres();
    bin = findPgBin();
  }
  if (!bin) throw new Error('PostgreSQL binaries not found after installing');
  return bin;
}

// The role a standby connects as, trusted for replication from loopback only.
const replicationUser = 'replicator';

/** @returns {Promise<{ url: string, port: number, dir: string, bin: string, stop: () => void, createDatabase: (name: string) => string }>} */
export async function startThrowawayPostgres({ quiet = false, replication = false } = {}) {
  const bin = pgBinOrInstall();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  asOwner(path.join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'portico',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    // A base backup refuses WAL written without full pages, so a primary to be followed keeps them.
    `-c full_page_writes=${replication ? 'on' : 'off'}`,
    ...(replication ? ['-c wal_level=replica', '-c max_wal_senders=4', '-c wal_keep_size=1GB'] : []),
    '-c max_connections=200',
    '-c shared_buffers=512MB',
    '-c work_mem=32MB',
    '-c maintenance_work_mem=512MB',
    '-c max_wal_size=4GB',
  ].join(' ');
  startCluster(bin, dataDir, options, dir);
  const url = `postgres://portico@127.0.0.1:${port}/postgres`;
  if (replication) {
    // A replication role trusted from 127.0.0.1 only; reloaded, not restarted.
    fs.appendFileSync(
      path.join(dataDir, 'pg_hba.conf'),
      `\nhost replication ${replicationUser} 127.0.0.1/32 trust\n`,
    );
    await psql(url, `CREATE ROLE ${replicationUser} WITH LOGIN REPLICATION; SELECT pg_reload_conf();`);
  }
  if (!quiet) console.log(`[postgres] throwaway server on ${url}`);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  // A new empty database in this cluster, for a tier that must not share one with another.
  const createDatabase = (name) => {
    asOwner(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'portico', name]);
    return `postgres://portico@127.0.0.1:${port}/${name}`;
  };
  return { url, port, dir, bin, stop, createDatabase };
}

// One statement through psql (loopback, trust): its unaligned output, trimmed.
function psql(url, statement) {
  const bin = findPgBin();
  const psqlPath = bin ? path.join(bin, 'psql') : 'psql';
  return new Promise((resolve, reject) => {
    execFile(
      psqlPath,
      ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', statement],
      (error, stdout, stderr) => {
        if (error) reject(new Error(`psql failed: ${stderr || error.message}`));
        else resolve(stdout.trim());
      },
    );
  });
}

/**
 * A streaming standby of a throwaway primary started with { replication: true }: pg_basebackup -R
 * (it writes primary_conninfo and standby.signal) into another temporary directory, started on
 * another port, answered once it accepts read-only connections. waitForReplay() resolves when the
 * standby has replayed the primary's WAL up to its position at the call.
 * @param {{ url: string, port: number, bin?: string }} primary
 * @returns {Promise<{ url: string, port: number, dir: string, stop: () => void, waitForReplay: (timeoutMs?: number) => Promise<{ lsn: string, waitedMs: number }>, lagBytes: () => Promise<number> }>}
 */
export async function startStreamingReplica(primary, { quiet = false } = {}) {
  const bin = primary.bin ?? pgBinOrInstall();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portico-pg-replica-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  asOwner(path.join(bin, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    replicationUser,
    '-D',
    dataDir,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c hot_standby=on',
    // Long report reads are not cancelled by the cleanup of rows they still see (the primary keeps
    // them while the standby's oldest snapshot needs them).
    '-c hot_standby_feedback=on',
    // A hot standby needs at least the primary's max_connections.
    '-c max_connections=200',
    '-c shared_buffers=256MB',
    '-c work_mem=32MB',
  ].join(' ');
  startCluster(bin, dataDir, options, dir);
  const url = `postgres://portico@127.0.0.1:${port}/postgres`;
  // Read-only connections are taken once the standby is consistent; pg_ctl -w usually waits for it.
  for (let tries = 0; ; tries += 1) {
    const inRecovery = await psql(url, 'SELECT pg_is_in_recovery()').catch(() => '');
    if (inRecovery === 't') break;
    if (inRecovery === 'f') throw new Error('the replica is not in recovery: it is no standby');
    if (tries > 300)
      throw new Error(
        `the replica did not accept connections:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!quiet) console.log(`[postgres] streaming replica on ${url}`);
  const waitForReplay = async (timeoutMs = 60_000) => {
    const started = Date.now();
    const lsn = await psql(primary.url, 'SELECT pg_current_wal_lsn()');
    for (;;) {
      const caughtUp = await psql(
        url,
        `SELECT coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false)`,
      );
      if (caughtUp === 't') return { lsn, waitedMs: Date.now() - started };
      if (Date.now() - started > timeoutMs)
        throw new Error(`the replica did not replay up to ${lsn} in ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // How far replay is behind the primary's current position, in bytes of WAL.
  const lagBytes = async () => {
    const lsn = await psql(primary.url, 'SELECT pg_current_wal_lsn()');
    return Number(
      await psql(url, `SELECT coalesce(pg_wal_lsn_diff('${lsn}'::pg_lsn, pg_last_wal_replay_lsn()), 0)`),
    );
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      asOwner(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  return { url, port, dir, stop, waitForReplay, lagBytes };
}
