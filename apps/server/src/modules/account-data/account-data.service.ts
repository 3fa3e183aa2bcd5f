import type { AccountData } from '@portico/contracts/account-data/account-data';
import type { Db } from '../../db/client';
import { defineErrors } from '../../lib/app-error';
import { maskedFromLastFour } from '../../lib/masking';
import { findAccountData } from './account-data.repository';

export const AccountDataError = defineErrors({
  ClientNotFound: ['ACCOUNT_DATA_CLIENT_NOT_FOUND', 'not_found'],
});

// GET /api/account-data: the page's record; tax id and SSNs masked to their last four.
export async function accountData(db: Db, clientId: string): Promise<AccountData> {
  const found = await findAccountData(db, clientId);
  if (!found) throw AccountDataError.ClientNotFound('Client not found');
  const { client, config, pricing } = found;
  return {
    id: client.id,
    level: client.level,
    name: client.name,
    legal_name: client.legalName,
    dba_name: client.dbaName,
    start_date: client.startDate,
    tax_id: maskedFromLastFour(client.taxIdLast4),
    ssn: maskedFromLastFour(client.ssnLast4),
    country: client.country,
    email: client.email,
    phone: client.phone,
    website: client.website,
    address_line_1: client.addressLine1,
    address_line_2: client.addressLine2,
    locality: client.locality,
    region: client.region,
    postal_code: client.postalCode,
    business_address_1: client.businessAddress1,
    business_address_2: client.businessAddress2,
    business_locality: client.businessLocality,
    business_region: client.businessRegion,
    business_postal_code: client.businessPostalCode,
    business_phone_number: client.businessPhoneNumber,
    business_description: client.businessDescription,
    business_type: client.businessType,
    principal_ownership_type: client.ownershipType,
    mcc_code: client.mccCode,
    // The secret key is revealed only by POST /api/user/apikeys/reveal, which audits it.
    api_key: maskedFromLastFour(client.apiKeyLast4) ?? '',
    public_key: client.publicKey,
    parent: client.parentId && found.parentName ? { id: client.parentId, name: found.parentName } : null,
    processing: {
      payment: config?.payment ?? null,
      ach: config?.ach ?? null,
      crypto: config?.crypto ?? null,
      terminals: config?.terminals ?? null,
      payout: config?.payout ?? null,
    },
    principals: found.principals.map((principal) => ({
      position: principal.position,
      first_name: principal.firstName,
      last_name: principal.lastName,
      ssn: maskedFromLastFour(principal.ssnLast4),
      title: principal.title,
      ownership_percent: principal.ownershipPercent,
      phone_number: principal.phoneNumber,
      address_line_1: principal.addressLine1,
      city: principal.city,
      state_province: principal.stateProvince,
      postal_code: principal.postalCode,
    })),
    submerchant:
      client.level === 'Parent'
        ? {
            enrollment_path: `/enroll/${client.id}`,
            onboard: config?.onboard ?? false,
            enroll_email: config?.enrollEmail ?? 'true',
            card_rate: pricing?.cardRate ?? null,
            ach_rate: pricing?.achRate ?? null,
            crypto_rate: pricing?.cryptoRate ?? null,
            subpricing_mcc_codes: found.mccCodes,
            whitelabel_entity_name: found.whiteLabelName,
          }
        : null,
  };
}
