// `npm run typecheck`: every TypeScript project with `tsc --noEmit`, as many at once as there are cores.
// Each tsc is single-threaded, so one after another leaves the other cores idle; a fresh clone (CI)
// has no incremental cache, so `tsc -b` would not save the work either.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Longest first (measured), so the short ones fill in at the end.
const projects = ['bench', 'apps/web', 'apps/server', 'packages/contracts', 'e2e'];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      // Whole blocks per project, so parallel errors do not interleave.
      process.stdout.write(output);
      console.log(`${code === 0 ? '✔' : '✖'} tsc -p ${project} (${seconds}s)`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const concurrency = Math.min(projects.length, Math.max(1, os.availableParallelism()));
const results = await Promise.all(
  Array.from({ length: concurrency }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) {
      ok = (await check(project)) && ok;
    }
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
