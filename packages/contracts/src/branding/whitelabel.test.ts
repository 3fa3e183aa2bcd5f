import { describe, expect, it } from 'vitest';
import { isBrandedUserType, nearestWhiteLabel, whiteLabelBody, whiteLabelColorProblem } from './whitelabel';

describe('white label', () => {
  it('takes the nearest white label up the hierarchy, the client itself first', () => {
    const labels = new Map([
      ['parent', { name: 'Parent brand' }],
      ['merchant', { name: 'Own brand' }],
    ]);
    expect(nearestWhiteLabel(['merchant', 'parent'], labels)?.whiteLabel.name).toBe('Own brand');
    expect(nearestWhiteLabel(['other', 'parent', 'root'], labels)).toEqual({
      clientId: 'parent',
      whiteLabel: { name: 'Parent brand' },
    });
    expect(nearestWhiteLabel(['other', 'root'], labels)).toBeNull();
  });

  it('never brands staff', () => {
    expect(isBrandedUserType('admin')).toBe(false);
    expect(isBrandedUserType('parent')).toBe(true);
    expect(isBrandedUserType('user')).toBe(true);
  });

  it('explains a colour that fails contrast with its ratio, and a malformed one', () => {
    expect(whiteLabelColorProblem('#1f6f68')).toBeNull();
    expect(whiteLabelColorProblem('#2a9d8f')).toBe(
      'This colour has a contrast of 3.32:1 on white; it needs 4.5:1 to be readable. Choose a darker colour.',
    );
    expect(whiteLabelColorProblem('teal')).toBe('Enter the colour as six-digit hex, like #1f6f68.');
  });

  it('lowercases the colour and refuses unknown keys', () => {
    expect(whiteLabelBody.parse({ entity_name: ' HealNow ', color: '#1F6F68' })).toEqual({
      entity_name: 'HealNow',
      color: '#1f6f68',
    });
    expect(whiteLabelBody.safeParse({ entity_name: 'x', color: '#1f6f68', logo: 'a' }).success).toBe(false);
  });
});
