import { describe, expect, it } from 'vitest';
import { auditLogFiltersProblem, emptyAuditLogFilters, toAuditLogQuery } from './audit-log-query.utils';

describe('toAuditLogQuery', () => {
  it('sends only the filters that are set', () => {
    expect(toAuditLogQuery(emptyAuditLogFilters, 'UTC', 100)).toEqual({ limit: 100 });
    expect(
      toAuditLogQuery({ ...emptyAuditLogFilters, actor: ' a@b.example ', action: 'mimic' }, 'UTC', 50),
    ).toEqual({ limit: 50, actor: 'a@b.example', action: 'mimic' });
  });

  it('turns the user’s days into instants of their timezone, To included', () => {
    const query = toAuditLogQuery(
      { ...emptyAuditLogFilters, fromDay: '2026-07-01', toDay: '2026-07-01' },
      'America/New_York',
      100,
    );
    expect(query.from).toBe('2026-07-01T04:00:00.000Z');
    expect(query.to).toBe('2026-07-02T04:00:00.000Z');
  });
});

describe('auditLogFiltersProblem', () => {
  it('refuses From after To', () => {
    expect(
      auditLogFiltersProblem({ ...emptyAuditLogFilters, fromDay: '2026-07-02', toDay: '2026-07-01' }),
    ).toBe('From must be on or before To.');
    expect(
      auditLogFiltersProblem({ ...emptyAuditLogFilters, fromDay: '2026-07-01', toDay: '2026-07-01' }),
    ).toBeNull();
  });
});
