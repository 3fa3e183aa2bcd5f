import { describe, expect, it } from 'vitest';
import { userTypeSchema, userTypes } from './roles';

describe('userTypes', () => {
  it('are the five roles, in the product order', () => {
    expect(userTypes).toEqual(['admin', 'user', 'parent', 'healnow', 'alpha']);
  });

  it.each(['admin', 'user', 'parent', 'healnow', 'alpha'])('accepts %s', (value) => {
    expect(userTypeSchema.safeParse(value).success).toBe(true);
  });

  // 'contact' exists in the database for people who never sign in; no session carries it.
  it.each(['contact', 'Admin', 'staff', ''])('refuses %j', (value) => {
    expect(userTypeSchema.safeParse(value).success).toBe(false);
  });
});
