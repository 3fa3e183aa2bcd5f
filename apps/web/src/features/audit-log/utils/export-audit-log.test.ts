import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAllAuditLogRows } from './export-audit-log';

const row = (id: string) => ({
  id,
  created_at: '2026-07-01T14:05:00.000000Z',
  action: 'void',
  outcome: 'success',
  actor_email: 'a@b.example',
  on_behalf_of_email: null,
  target_type: null,
  target_id: null,
  target_name: null,
  client_id: null,
  client_name: null,
  ip: null,
  details: null,
  details_text: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('readAllAuditLogRows', () => {
  it('reads every page of the filters, 200 at a time, following the cursor', async () => {
    const pages = [
      { rows: [row('00000000-0000-4000-8000-000000000001')], next_before: 'cursor-1' },
      { rows: [row('00000000-0000-4000-8000-000000000002')], next_before: null },
    ];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        urls.push(String(input));
        return new Response(JSON.stringify({ status: true, message: pages[urls.length - 1] }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const result = await readAllAuditLogRows({ action: 'void', limit: 100 });
    expect(result.rows.map((entry) => entry.id)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect(result.isTruncated).toBe(false);
    expect(urls[0]).toContain('action=void');
    expect(urls[0]).toContain('limit=200');
    expect(urls[1]).toContain('before=cursor-1');
  });
});
