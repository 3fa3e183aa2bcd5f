import { describe, expect, it } from 'vitest';
import {
  emailDomainOrNull,
  isEmailAtExactDomain,
  isInternalOrPartnerStaffEmail,
  isInternalStaffEmail,
} from './staff-email';

const providerDomain = 'portico.example';
const partnerDomains = ['healnow.example', 'healnow-partners.example'];

describe('emailDomainOrNull', () => {
  it.each([
    ['ana@portico.example', 'portico.example'],
    ['Ana@Portico.EXAMPLE', 'portico.example'],
    [' ana@portico.example ', 'portico.example'],
    ['ana@portico.example@evil.example', null],
    ['@portico.example', null],
    ['ana@', null],
    ['portico.example', null],
    ['', null],
  ])('%j -> %j', (email, domain) => {
    expect(emailDomainOrNull(email)).toBe(domain);
  });
});

describe('isInternalStaffEmail', () => {
  it.each([
    ['admin@portico.example', true],
    ['ADMIN@PORTICO.EXAMPLE', true],
    ['admin@Portico.Example', true],
    ['admin@portico.example.evil.com', false],
    ['admin@evilportico.example', false],
    ['admin@mail.portico.example', false],
    ['admin@portico.example.', false],
    ['portico.example@evil.com', false],
    ['admin@evil.com@portico.example', false],
    ['admin@healnow.example', false],
  ])('%s -> %s', (email, isInternal) => {
    expect(isInternalStaffEmail(email, providerDomain)).toBe(isInternal);
  });

  it('reads the configured domain in any case, with or without a leading @', () => {
    expect(isInternalStaffEmail('admin@portico.example', ' @Portico.Example ')).toBe(true);
  });

  it('never matches an empty configured domain', () => {
    expect(isEmailAtExactDomain('admin@', '')).toBe(false);
    expect(isEmailAtExactDomain('admin@portico.example', '  ')).toBe(false);
  });
});

describe('isInternalOrPartnerStaffEmail', () => {
  it.each([
    ['admin@portico.example', true],
    ['ops@healnow.example', true],
    ['ops@HEALNOW-PARTNERS.example', true],
    ['ops@sub.healnow.example', false],
    ['ops@healnow.example.evil.com', false],
    ['owner@cornercoffee.example', false],
  ])('%s -> %s', (email, isStaff) => {
    expect(isInternalOrPartnerStaffEmail(email, providerDomain, partnerDomains)).toBe(isStaff);
  });

  it('with no partner domains configured, only the provider domain counts', () => {
    expect(isInternalOrPartnerStaffEmail('ops@healnow.example', providerDomain, [])).toBe(false);
    expect(isInternalOrPartnerStaffEmail('admin@portico.example', providerDomain, [])).toBe(true);
  });
});
