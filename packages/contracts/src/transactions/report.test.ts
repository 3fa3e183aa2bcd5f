import { describe, expect, it } from 'vitest';
import {
  clampReportPageNumber,
  formatReportSearchParameter,
  normalizeReportPageSize,
  parseReportSearchParameter,
  reportPageResponse,
  reportQuery,
  reportRowSchema,
  reportTotalPages,
  reportWindowOf,
} from './report';
import { buildWireTransaction } from './transaction.factory';

const base = { start: '2025-07-08', end: '2025-07-14' };

describe('normalizeReportPageSize: "A page size of zero or less resets to 250."', () => {
  it.each([
    [0, 250],
    [-1, 250],
    [-500, 250],
    [Number.NaN, 250],
    [25, 25],
    [1000, 1000],
  ])('%d -> %d', (size, normalized) => {
    expect(normalizeReportPageSize(size)).toBe(normalized);
  });
});

describe('clampReportPageNumber: "a page number below 1 resets to 1, above the total pages is clamped"', () => {
  it.each([
    [0, 4, 1],
    [-3, 4, 1],
    [Number.NaN, 4, 1],
    [1, 4, 1],
    [4, 4, 4],
    [5, 4, 4],
    [99, 4, 4],
    [2.7, 4, 2],
    [3, 0, 1],
  ])('page %d of %d -> %d', (page, totalPages, clamped) => {
    expect(clampReportPageNumber(page, totalPages)).toBe(clamped);
  });

  it('counts pages from the total and size, at least one', () => {
    expect(reportTotalPages(0, 250)).toBe(1);
    expect(reportTotalPages(250, 250)).toBe(1);
    expect(reportTotalPages(251, 250)).toBe(2);
    expect(reportTotalPages(251, 0)).toBe(2);
  });
});

describe('report search parameter: "search={term field}={value}"', () => {
  it('splits at the first equals sign', () => {
    expect(parseReportSearchParameter('Clinic Location=North=East')).toEqual({
      field: 'Clinic Location',
      value: 'North=East',
    });
    expect(formatReportSearchParameter({ field: 'email', value: 'ada@example.com' })).toBe(
      'email=ada@example.com',
    );
  });

  it.each(['', 'email', '=x', 'email=', ' = '])('cannot read %j', (text) => {
    expect(parseReportSearchParameter(text)).toBeNull();
  });
});

describe('reportQuery', () => {
  it('reads the query string: zero-based page, size, UTC window, search and flags', () => {
    const query = reportQuery.parse({
      ...base,
      start_at: '2025-07-08T04:00:00.000Z',
      end_at: '2025-07-15T04:00:00.000Z',
      page: '2',
      size: '100',
      search: 'email=ada@example.com',
      is_portal_request: 'true',
    });
    expect(query).toMatchObject({
      page: 2,
      size: 100,
      search: { field: 'email', value: 'ada@example.com' },
      is_portal_request: true,
    });
    expect(reportWindowOf(query)).toEqual({
      startAt: new Date('2025-07-08T04:00:00.000Z'),
      endAt: new Date('2025-07-15T04:00:00.000Z'),
    });
  });

  it('defaults to the first page of 250', () => {
    const query = reportQuery.parse(base);
    expect(query).toMatchObject({ page: 0, size: 250 });
    expect(query.search).toBeUndefined();
  });

  it.each(['0', '-5'])('resets size %s to 250', (size) => {
    expect(reportQuery.parse({ ...base, size }).size).toBe(250);
  });

  it.each(['30', '2000', 'abc', '2.5'])('refuses size %s', (size) => {
    expect(reportQuery.safeParse({ ...base, size }).success).toBe(false);
  });

  it.each(['-1', 'x', '1.5'])('refuses page %s', (page) => {
    expect(reportQuery.safeParse({ ...base, page }).success).toBe(false);
  });

  it('refuses a start after the end', () => {
    expect(reportQuery.safeParse({ start: '2025-07-15', end: '2025-07-14' }).success).toBe(false);
    const instants = { ...base, start_at: '2025-07-15T04:00:00.000Z', end_at: '2025-07-08T04:00:00.000Z' };
    expect(reportQuery.safeParse(instants).success).toBe(false);
  });

  it('refuses one instant without the other, and instants that are not UTC', () => {
    expect(reportQuery.safeParse({ ...base, start_at: '2025-07-08T04:00:00.000Z' }).success).toBe(false);
    const local = { ...base, start_at: '2025-07-08T00:00:00-04:00', end_at: '2025-07-15T00:00:00-04:00' };
    expect(reportQuery.safeParse(local).success).toBe(false);
  });

  it('treats an empty search as none and refuses one without a field', () => {
    expect(reportQuery.parse({ ...base, search: '' }).search).toBeUndefined();
    expect(reportQuery.safeParse({ ...base, search: 'ada' }).success).toBe(false);
  });

  it('reads the admin snowflake variant, which sends only start and end, as whole UTC days', () => {
    const query = reportQuery.parse({ ...base, snowflake: 'true' });
    expect(query.snowflake).toBe(true);
    expect(reportWindowOf(query)).toEqual({
      startAt: new Date('2025-07-08T00:00:00.000Z'),
      endAt: new Date('2025-07-15T00:00:00.000Z'),
    });
  });
});

describe('report rows and response', () => {
  const row = ['2025-07-15T13:00:00.000Z', buildWireTransaction(), 'Harbor Lane Coffee', 'Summit Partners'];

  it('is the 4-item tuple [created time, transaction, merchant DBA name, parent name]', () => {
    expect(reportRowSchema.parse(row)).toEqual(row);
    expect(reportRowSchema.safeParse([...row, 'extra']).success).toBe(false);
    expect(reportRowSchema.safeParse(row.slice(0, 3)).success).toBe(false);
    expect(reportRowSchema.parse([row[0], row[1], null, null])[3]).toBeNull();
  });

  it('answers rows in message and the window total', () => {
    const answer = reportPageResponse.parse({ status: true, message: [row], total: 1234 });
    expect(answer.total).toBe(1234);
    expect(answer.message).toHaveLength(1);
    expect(reportPageResponse.safeParse({ status: true, message: [row] }).success).toBe(false);
  });
});
