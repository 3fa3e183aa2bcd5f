import { describe, expect, it } from 'vitest';
import {
  internalReportLabel,
  internalReportNames,
  internalReportTitle,
  resolveInternalReportName,
} from './internal-reports';

describe('internal report names', () => {
  it('are reporting views, shown without the prefix', () => {
    for (const name of internalReportNames) expect(name).toMatch(/^reporting\.[a-z_]+$/);
    expect(internalReportLabel('reporting.declines_by_reason')).toBe('declines_by_reason');
  });

  it('read as words, with or without the prefix', () => {
    expect(internalReportTitle('reporting.declines_by_reason')).toBe('Declines by reason');
    expect(internalReportTitle('merchant_volume_by_month')).toBe('Merchant volume by month');
  });

  it('resolve with or without the prefix, and nothing else', () => {
    expect(resolveInternalReportName('declines_by_reason')).toBe('reporting.declines_by_reason');
    expect(resolveInternalReportName('reporting.declines_by_reason')).toBe('reporting.declines_by_reason');
    expect(resolveInternalReportName('users')).toBeNull();
    expect(resolveInternalReportName('reporting.declines_by_reason; drop table users')).toBeNull();
    expect(resolveInternalReportName('public.users')).toBeNull();
  });
});
