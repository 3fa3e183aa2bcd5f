import { z } from 'zod';
import { successEnvelope } from '../common/envelope';
import { type VirtualTerminalCustomField, virtualTerminalCustomFieldSchema } from './virtual-terminal-urls';

// The configurator's writes: the terminal's state, its custom fields, POST and PATCH
// /api/virtualterminalurl, and the page's texts.

export const ConfiguratorText = {
  // Toasts.
  SaveFailed: 'Failed to save terminal configuration.',
  Saved: 'Terminal configuration saved successfully!',
  IframeLinkCopied: 'iFrame link copied to clipboard!',
  QrCopied: 'QR code image copied to clipboard!',
  NoQrToCopy: 'No QR code to copy.',
  Activated: 'Terminal activated successfully!',
  Deactivated: 'Terminal deactivated successfully!',
  StatusFailed: 'Failed to update terminal status.',
  SaveFirst: 'Save the terminal first before changing its status',
  NoPaymentMethods: 'No payment methods available',
  NoTerminals: 'No virtual terminals found. Please configure one.',
  // Without the Virtual Terminal permission.
  NoVirtualTerminalPermission: 'User does not have VIRTUAL_TERMINAL permission.',
  // Labels.
  DefaultTerminal: 'Default Terminal',
  Inactive: '(Inactive)',
  CreateNewTerminal: 'Create New Terminal',
  SaveConfiguration: 'Save Configuration',
  Saving: 'Saving...',
  // Addresses carry the publishable key only.
  SecretKeyInAddress: 'A secret API key cannot be used in an address. Use the publishable key.',
} as const;

export const ConfiguratorErrorCode = {
  SecretKeyInAddress: 'SECRET_KEY_IN_ADDRESS',
  ApiKeyMismatch: 'VIRTUAL_TERMINAL_API_KEY_MISMATCH',
  InvalidCustomFields: 'VIRTUAL_TERMINAL_INVALID_CUSTOM_FIELDS',
  InvalidUrl: 'VIRTUAL_TERMINAL_INVALID_URL',
} as const;

// POST /api/virtualterminalurl {url, customFields, apikey, name, is_active, id?}: with id it updates
// that terminal. apikey is the publishable key of the address, which must name the bearer's merchant.
export const saveVirtualTerminalBody = z
  .object({
    id: z.uuid().optional(),
    url: z.string().min(1).max(20_000),
    customFields: z.array(virtualTerminalCustomFieldSchema.strict()).max(50),
    apikey: z.string().min(1).max(200),
    name: z.string().trim().min(1).max(200),
    is_active: z.boolean(),
  })
  .strict();
export type SaveVirtualTerminalBody = z.infer<typeof saveVirtualTerminalBody>;
export const saveVirtualTerminalResponse = successEnvelope(z.object({ id: z.uuid(), url_id: z.string() }));

export const virtualTerminalIdParams = z.object({ id: z.uuid() });
export const patchVirtualTerminalBody = z.object({ is_active: z.boolean() }).strict();
export const patchVirtualTerminalResponse = successEnvelope(z.object({ is_active: z.boolean() }));

// 'New Terminal {MM-dd-yyyy}' on the local calendar day.
export function defaultTerminalName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `New Terminal ${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${now.getFullYear()}`;
}

// The terminal's custom field types that carry a list of values.
function typeNeedsValues(type: VirtualTerminalCustomField['type']): boolean {
  return type !== 'text' && type !== 'date';
}

// Custom fields, in the order the editor checks them: one message per field, or null.
export function customFieldMessages(fields: readonly VirtualTerminalCustomField[]): (string | null)[] {
  const seen = new Set<string>();
  return fields.map((field) => {
    const name = field.name.trim();
    if (name === '') return 'Field name cannot be blank';
    if (seen.has(name)) return `Duplicate field name found: ${name}`;
    seen.add(name);
    if (!typeNeedsValues(field.type)) return null;
    const values = field.values ?? [];
    if (values.length === 0) return `Field "${name}" of type "${field.type}" must have at least one value`;
    if (values.some((value) => value.trim() === '')) {
      return `Invalid value in field "${name}". Values cannot be empty.`;
    }
    const duplicate = values.find((value, index) => values.indexOf(value) !== index);
    if (duplicate !== undefined) return `Duplicate value "${duplicate}" found in field "${name}"`;
    return null;
  });
}

export function firstCustomFieldMessage(fields: readonly VirtualTerminalCustomField[]): string | null {
  return customFieldMessages(fields).find((message) => message !== null) ?? null;
}

// Saved fields are sent with required false (the role decides what is required); text and
// date fields keep no values.
export function customFieldsForSaving(
  fields: readonly VirtualTerminalCustomField[],
): VirtualTerminalCustomField[] {
  return fields.map((field) => ({
    ...(field.id === undefined ? {} : { id: field.id }),
    name: field.name.trim(),
    type: field.type,
    values: typeNeedsValues(field.type) ? [...(field.values ?? [])] : [],
    required: false,
    requireForGuest: field.requireForGuest ?? false,
  }));
}

// Pasting a JSON array loads the custom fields; anything else is ignored (null).
export function customFieldsFromJson(text: string): VirtualTerminalCustomField[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const fields = z.array(virtualTerminalCustomFieldSchema).safeParse(parsed);
  return fields.success ? fields.data : null;
}

// Role.custom_field_access for one terminal: field name -> show or require.
export type TerminalFieldAccess = Readonly<Record<string, 'show' | 'require'>>;

// The role's access decides each custom field on the terminal. A role without an entry for
// this terminal keeps the fields as configured; with one, 'require' makes the field required, 'show'
// shows it optional, and a field it does not name is hidden.
export function applyCustomFieldAccess(
  fields: readonly VirtualTerminalCustomField[],
  access: TerminalFieldAccess | undefined,
): VirtualTerminalCustomField[] {
  if (access === undefined) return [...fields];
  return fields.flatMap((field) => {
    const rule = access[field.name];
    if (rule === undefined) return [];
    return [{ ...field, required: rule === 'require' }];
  });
}
