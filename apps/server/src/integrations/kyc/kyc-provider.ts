import type { KycCheck, KycOutcome } from '@portico/contracts/enrollment/enrollment-actions';

// Identity checks (KYC) run at an outside service. Portico speaks to it through this
// interface; this build ships a deterministic sandbox behind it (sandbox-kyc.ts).

export type KycAddress = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
};

// A person to verify: an owner (principal 1 to 4), or the agent who applies as a person.
export type KycPerson = {
  label: string;
  firstName: string | null;
  lastName: string | null;
  // Decrypted only for the call; never stored, logged or returned.
  ssn: string | null;
  dateOfBirth: string | null;
  address: KycAddress;
};

export type KycSubject = {
  enrollmentId: string;
  applicationType: 'Merchant' | 'Partner' | 'Agent';
  business: {
    legalName: string | null;
    dbaName: string | null;
    // Decrypted only for the call, like the SSNs.
    taxId: string | null;
    address: KycAddress;
  };
  people: KycPerson[];
};

export type KycResult = { status: KycOutcome; reference: string; checks: KycCheck[] };

export type KycProvider = {
  readonly name: string;
  // Throws when the service cannot answer; Portico then records nothing.
  verify(subject: KycSubject): Promise<KycResult>;
};
