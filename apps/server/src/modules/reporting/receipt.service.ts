import { Permission } from '@portico/contracts/access/permission-names';
import { formatCentsAsDecimal } from '@portico/contracts/money/money';
import { shippingAddressLines } from '@portico/contracts/payment-frame/link-options';
import { lastFourDigitsOfTransaction } from '@portico/contracts/transactions/last-four';
import {
  type Receipt,
  ReceiptErrorCode,
  type ReceiptMerchant,
  ReceiptText,
  receiptTemplateOf,
} from '@portico/contracts/transactions/receipt';
import { transactionMetaSchema } from '@portico/contracts/transactions/transaction';
import type { Caller } from '../../access/caller';
import { resolveReportAccess, seesAdvancedFieldsOf } from '../../access/report-access';
import type { Executor } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { resolveClientBranding } from '../branding/branding.service';
import { findReceiptRow, type ReceiptRow } from './receipt.repository';

export const ReceiptError = defineErrors({ NotFound: [ReceiptErrorCode.NotFound, 'not_found'] });

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

// The DBA (business) address customers visit; the legal address only when no business street is on file.
function merchantOf(row: ReceiptRow): ReceiptMerchant {
  const hasBusinessAddress = textOf(row.businessAddress1) !== null;
  return {
    name: textOf(row.merchantDbaName) ?? row.merchantName,
    address_line_1: hasBusinessAddress ? row.businessAddress1 : row.addressLine1,
    address_line_2: hasBusinessAddress ? row.businessAddress2 : row.addressLine2,
    locality: hasBusinessAddress ? row.businessLocality : row.locality,
    region: hasBusinessAddress ? row.businessRegion : row.region,
    postal_code: hasBusinessAddress ? row.businessPostalCode : row.postalCode,
    phone: textOf(row.businessPhoneNumber) ?? textOf(row.phone),
  };
}

// A payment link's tip and shipping address, as the payment kept them (meta.linkOptions).
function linkOptionsOnReceipt(meta: unknown): Pick<Receipt, 'tip' | 'shipping_address'> {
  const parsed = transactionMetaSchema.safeParse(meta);
  const options = parsed.success ? parsed.data.linkOptions : undefined;
  if (!options) return {};
  const shipping = options.shippingAddress ? shippingAddressLines(options.shippingAddress) : [];
  return {
    ...(options.tip === undefined ? {} : { tip: options.tip }),
    ...(shipping.length === 0 ? {} : { shipping_address: shipping }),
  };
}

// A receipt is of a transaction the caller's report shows (the same scope and Reports permission
// per merchant), else 404 whether it does not exist or is out of reach (no existence oracle).
export async function receiptOf(executor: Executor, caller: Caller, id: string): Promise<Receipt> {
  const access = await resolveReportAccess(executor, caller, Permission.Reports);
  const row = await findReceiptRow(executor, id, access.scope);
  if (!row) throw ReceiptError.NotFound(ReceiptText.NotFound);
  const isAdvanced = seesAdvancedFieldsOf(access.advanced, row.clientId);
  const customerName = [textOf(row.customerFirstName), textOf(row.customerLastName)]
    .filter(Boolean)
    .join(' ');
  const branding = await resolveClientBranding(executor, row.clientId);
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    type: row.type,
    action: row.action,
    amount: formatCentsAsDecimal(row.amountCents),
    ...(isAdvanced && row.surchargeCents !== 0
      ? { surcharge: formatCentsAsDecimal(row.surchargeCents) }
      : {}),
    status: row.status,
    card_brand: row.cardBrand,
    last4: lastFourDigitsOfTransaction({
      token: row.token ?? textOf(row.apiResponse?.token),
      maskedAccountNumber: textOf(row.thirdPartyApiResponse?.AUTH_MASKED_ACCOUNT_NBR),
    }),
    auth_code: textOf(row.apiResponse?.auth_code) ?? textOf(row.apiResponse?.processor_reference),
    original_transaction_id: row.originalTransactionId,
    customer_name: customerName === '' ? null : customerName,
    location: textOf(row.apiResponse?.sub_location?.name),
    merchant: merchantOf(row),
    brand: branding
      ? { entity_name: branding.entity_name, color: branding.color, logo_url: branding.logo_url }
      : null,
    template: receiptTemplateOf(row.receiptTemplate),
    is_test: row.isTest,
    ...linkOptionsOnReceipt(row.apiResponse?.meta),
  };
}
