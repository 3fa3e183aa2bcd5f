import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tsx, vitest) and from dist/server.js (esbuild bundle): find the package
// root by its package.json instead of counting directories.
export function serverPackageRoot(from: string = fileURLToPath(import.meta.url)): string {
  let dir = path.dirname(from);
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export function defaultWebDistDir(): string {
  return path.resolve(serverPackageRoot(), '../web/dist');
}
