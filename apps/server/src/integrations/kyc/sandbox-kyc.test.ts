import { describe, expect, it } from 'vitest';
import type { KycPerson, KycSubject } from './kyc-provider';
import { createSandboxKycProvider, decideSandboxKyc } from './sandbox-kyc';

const nowhere = { line1: null, line2: null, city: null, state: null, postalCode: null };

function person(overrides: Partial<KycPerson> = {}): KycPerson {
  return {
    label: 'Principal 1',
    firstName: 'June',
    lastName: 'Park',
    ssn: '123456789',
    dateOfBirth: '1985-04-12',
    address: nowhere,
    ...overrides,
  };
}

function subject(people: KycPerson[], taxId: string | null = '123456789'): KycSubject {
  return {
    enrollmentId: '6f1c1f7e-3f43-4d0b-9a55-0d6f0c7f2a11',
    applicationType: 'Merchant',
    business: { legalName: 'Juniper Bakery LLC', dbaName: 'Juniper Bakery', taxId, address: nowhere },
    people,
  };
}

describe('sandbox KYC provider', () => {
  it('passes ordinary data', async () => {
    const result = await createSandboxKycProvider().verify(subject([person()]));
    expect(result.status).toBe('passed');
    expect(result.reference).toMatch(/^KYC-SBX-[0-9a-f]{12}$/);
  });

  it.each([
    ['last name Fail', person({ lastName: ' fail ' }), 'failed'],
    ['an SSN ending 0000', person({ ssn: '123-45-0000' }), 'failed'],
    ['last name Review', person({ lastName: 'Review' }), 'needs_review'],
    ['an SSN ending 9999', person({ ssn: '123459999' }), 'needs_review'],
  ] as const)('decides %s', async (_name, owner, status) => {
    const result = await createSandboxKycProvider().verify(
      subject([person({ label: 'Principal 2' }), owner]),
    );
    expect(result.status).toBe(status);
    expect(result.checks.find((check) => check.subject === 'Principal 1')?.outcome).toBe(status);
    expect(JSON.stringify(result)).not.toContain(owner.ssn ?? 'no ssn');
  });

  it('fails a tax id ending 0000 and asks for review when nobody can be verified', () => {
    expect(decideSandboxKyc(subject([person()], '12-3450000'))[0]).toEqual({
      subject: 'Business',
      outcome: 'failed',
      reason: 'Tax id is on a watch list',
    });
    expect(
      decideSandboxKyc(subject([person({ firstName: null, lastName: null, ssn: null })])),
    ).toContainEqual({
      subject: 'Owners',
      outcome: 'needs_review',
      reason: 'No owner on file to verify',
    });
  });

  it('gives each run its own reference', async () => {
    const provider = createSandboxKycProvider();
    const first = await provider.verify(subject([person()]));
    const second = await provider.verify(subject([person()]));
    expect(first.reference).not.toBe(second.reference);
  });
});
