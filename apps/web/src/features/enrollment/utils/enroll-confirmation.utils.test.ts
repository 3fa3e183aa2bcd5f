import { describe, expect, it } from 'vitest';
import { enrollConfirmation } from './enroll-confirmation.utils';

const summit = { parent_id: '0f6b7a52-3c1d-4e8f-9a0b-1c2d3e4f5a6b', name: 'Summit Merchant Services' };

describe('enrollConfirmation', () => {
  it('names the business, its parent and the address the application was sent to', () => {
    expect(
      enrollConfirmation(
        {
          application_type: 'Merchant',
          is_from_portal: true,
          dba_name: 'Juniper Bakery',
          legal_name: 'Juniper Bakery LLC',
          email: 'owner@juniper.example',
          parent: summit.parent_id,
        },
        [summit],
      ),
    ).toEqual({
      title: 'Application sent to owner@juniper.example',
      detail:
        'The merchant application of Juniper Bakery is filed under Summit Merchant Services and waits for review. ' +
        'owner@juniper.example was e-mailed that it was received and will be told the decision.',
    });
  });

  it('names an agent by its person and leaves out a parent it does not know', () => {
    const { detail } = enrollConfirmation(
      {
        application_type: 'Agent',
        is_from_portal: true,
        first_name: 'Rosa',
        last_name: 'Diaz',
        email: 'rosa@agents.example',
        parent: summit.parent_id,
      },
      [],
    );
    expect(detail).toMatch(/^The agent application of Rosa Diaz is filed and waits for review\./);
  });
});
