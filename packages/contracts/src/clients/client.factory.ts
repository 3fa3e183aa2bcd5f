import type { ClientRecord } from './client';

type ConfigOverrides = {
  meta_field_search?: boolean;
  meta_field_search_term?: string | null;
  default_search_page?: ClientRecord['config']['customizations']['default_search_page'];
  custom_fields?: string[];
};

// A GET /api/client answer for tests: a merchant with the defaults the server fills in.
export function buildClientRecord(
  config: ConfigOverrides = {},
  overrides: Partial<ClientRecord> = {},
): ClientRecord {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Harbor Lane Coffee',
    legal_name: 'Harbor Lane Coffee LLC',
    dba_name: 'Harbor Lane Coffee',
    level: 'Merchant',
    parent: { id: '22222222-2222-4222-8222-222222222222', name: 'Summit Merchant Services' },
    config: {
      meta_field_search: config.meta_field_search ?? false,
      meta_field_search_term: config.meta_field_search_term ?? null,
      customizations: {
        default_search_page: config.default_search_page ?? 'classic',
        custom_fields: config.custom_fields ?? [],
      },
    },
    merchant_sub_entity_custom_fields: {},
    ...overrides,
  };
}
