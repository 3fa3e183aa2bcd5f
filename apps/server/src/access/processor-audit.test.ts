import { describe, expect, it } from 'vitest';
import { isRefusedToProcessorAuditUser } from './processor-audit';

describe('isRefusedToProcessorAuditUser', () => {
  it.each([
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'post',
    'PROPFIND',
  ])('refuses %s to a processor-audit user on a route that does not allow it', (method) => {
    expect(isRefusedToProcessorAuditUser({ method, isProcessorAuditUser: true, routeRule: undefined })).toBe(
      true,
    );
  });

  it.each(['GET', 'HEAD', 'OPTIONS', 'get'])('lets a processor-audit user read with %s', (method) => {
    expect(isRefusedToProcessorAuditUser({ method, isProcessorAuditUser: true, routeRule: undefined })).toBe(
      false,
    );
  });

  it('lets a processor-audit user call an unsafe method the route declares allowed', () => {
    expect(
      isRefusedToProcessorAuditUser({ method: 'POST', isProcessorAuditUser: true, routeRule: 'allowed' }),
    ).toBe(false);
  });

  it('never refuses a caller who is not a processor-audit user', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(
        isRefusedToProcessorAuditUser({ method, isProcessorAuditUser: false, routeRule: undefined }),
      ).toBe(false);
    }
  });
});
