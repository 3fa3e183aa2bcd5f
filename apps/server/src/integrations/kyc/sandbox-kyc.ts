import { randomBytes } from 'node:crypto';
import { type KycCheck, overallKycOutcome } from '@portico/contracts/enrollment/enrollment-actions';
import type { KycPerson, KycProvider, KycSubject } from './kyc-provider';

// The sandbox decides from the data alone, so tests and demos reach every outcome:
// - a person whose last name is 'Fail', or whose SSN ends in 0000, fails;
// - a person whose last name is 'Review', or whose SSN ends in 9999, needs review;
// - a business whose tax id ends in 0000 fails;
// - an application with nobody to verify (no owner, no agent name) needs review;
// - everything else passes. The run's result is the worst of its checks.
export const sandboxKycProviderName = 'sandbox';

const failingLastName = 'fail';
const reviewLastName = 'review';

function endsWith(value: string | null, suffix: string): boolean {
  return (value ?? '').replace(/\D/g, '').endsWith(suffix);
}

function personCheck(person: KycPerson): KycCheck {
  const lastName = person.lastName?.trim().toLowerCase() ?? '';
  if (lastName === failingLastName || endsWith(person.ssn, '0000')) {
    return { subject: person.label, outcome: 'failed', reason: 'Identity could not be verified' };
  }
  if (lastName === reviewLastName || endsWith(person.ssn, '9999')) {
    return { subject: person.label, outcome: 'needs_review', reason: 'Identity needs a manual review' };
  }
  return { subject: person.label, outcome: 'passed', reason: 'Identity verified' };
}

function businessCheck(subject: KycSubject): KycCheck {
  if (endsWith(subject.business.taxId, '0000')) {
    return { subject: 'Business', outcome: 'failed', reason: 'Tax id is on a watch list' };
  }
  return { subject: 'Business', outcome: 'passed', reason: 'Business verified' };
}

export function decideSandboxKyc(subject: KycSubject): KycCheck[] {
  const people = subject.people.filter((person) => person.firstName || person.lastName || person.ssn);
  const checks = [businessCheck(subject), ...people.map(personCheck)];
  if (people.length === 0) {
    checks.push({ subject: 'Owners', outcome: 'needs_review', reason: 'No owner on file to verify' });
  }
  return checks;
}

export function createSandboxKycProvider(): KycProvider {
  return {
    name: sandboxKycProviderName,
    async verify(subject) {
      const checks = decideSandboxKyc(subject);
      return {
        status: overallKycOutcome(checks.map((check) => check.outcome)),
        // A reference like a provider's own; the prefix marks sandbox records.
        reference: `KYC-SBX-${randomBytes(6).toString('hex')}`,
        checks,
      };
    },
  };
}
