import { firstNames, lastNames } from './demo-catalog';
import type { Rng } from './prng';

export type Person = { first: string; last: string };

export function personName(rng: Rng): Person {
  return { first: rng.pick(firstNames), last: rng.pick(lastNames) };
}

// Reserved example domains, so no demo e-mail can reach a real mailbox.
export const exampleDomains = ['example.com', 'example.net', 'example.org'];

export function personEmail(rng: Rng, person: Person): string {
  return `${person.first}.${person.last}${rng.int(90)}@${rng.pick(exampleDomains)}`.toLowerCase();
}
