import { EnrollText, emptyEnrollForm } from '@portico/contracts/enrollment/enroll';
import { describe, expect, it } from 'vitest';
import { enrollBlockers, enrollDisabledText } from './enroll-blockers.utils';

describe('enrollBlockers', () => {
  it('lists each rule an empty form breaks, once per field', () => {
    expect(enrollBlockers(emptyEnrollForm('Agent'))).toEqual([
      EnrollText.EmailRequired,
      EnrollText.ParentRequired,
      EnrollText.FirstNameRequired,
      EnrollText.LastNameRequired,
    ]);
  });

  it('lists nothing once the form can be sent', () => {
    const agent = {
      ...emptyEnrollForm('Agent'),
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      parent: '3f1c2b8e-1b7a-4c55-9a3e-0123456789ab',
    };
    expect(enrollBlockers(agent)).toEqual([]);
    expect(enrollBlockers({ ...agent, email: 'ada' })).toEqual([EnrollText.EmailInvalid]);
  });

  it('says why in one sentence', () => {
    expect(enrollDisabledText([EnrollText.EmailRequired, EnrollText.ParentRequired])).toBe(
      'Enroll is disabled until these are fixed: Email is required. Parent is required.',
    );
  });
});
