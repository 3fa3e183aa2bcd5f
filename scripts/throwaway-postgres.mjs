// A throwaway PostgreSQL for tests and benchmarks: initdb in a temporary directory, a free port on
// loopback, no durability (fsync off), removed on stop. Installs Debian's postgresql when missing.
import { execFileSync, spawnSync } from 'node:child_process';
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

/** @returns {Promise<{ url: string, port: number, dir: string, stop: () => void, createDatabase: (name: string) => string }>} */
export async function startThrowawayPostgres({ quiet = false } = {}) {
  let bin = findPgBin();
  if (!bin) {
    installPostgres();
    bin = findPgBin();
  }
  if (!bin) throw new Error('PostgreSQL binaries not found after installing');
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
    '-c full_page_writes=off',
    '-c max_connections=200',
    '-c shared_buffers=512MB',
    '-c work_mem=32MB',
    '-c maintenance_work_mem=512MB',
    '-c max_wal_size=4GB',
  ].join(' ');
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
  const url = `postgres://portico@127.0.0.1:${port}/postgres`;
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
  return { url, port, dir, stop, createDatabase };
}
