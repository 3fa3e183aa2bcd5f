import fs from 'node:fs';
import path from 'node:path';
import { serverPackageRoot } from '../../lib/paths';

// The common-password list (resources/common-passwords.txt, its source and licence in
// resources/README.md), read once and kept as a set of lowercased entries.
let commonPasswords: ReadonlySet<string> | undefined;

export function commonPasswordSet(): ReadonlySet<string> {
  if (!commonPasswords) {
    const file = path.join(serverPackageRoot(), 'resources', 'common-passwords.txt');
    const entries = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0);
    commonPasswords = new Set(entries);
  }
  return commonPasswords;
}

export function isCommonPassword(lowercased: string): boolean {
  return commonPasswordSet().has(lowercased);
}
