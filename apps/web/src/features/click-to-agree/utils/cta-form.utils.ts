import {
  type CtaApplicationValues,
  type CtaApplicationView,
  type CtaOwner,
  emptyCtaOwner,
  isBusinessStructure,
  isSettlementAccountType,
  transactionMixCategories,
  transactionMixTotal,
} from '@portico/contracts/enrollment/click-to-agree';

const text = (value: string | null): string => value ?? '';

// '60.00' -> '60', '12.50' -> '12.5': the form shows percentages as a person types them.
export function percentForInput(stored: string | null): string {
  if (stored === null) return '';
  return stored.includes('.') ? stored.replace(/\.?0+$/, '') : stored;
}

function ownerDefaults(owner: CtaApplicationView['owners'][number]): CtaOwner {
  return {
    ...emptyCtaOwner(),
    first_name: text(owner.first_name),
    last_name: text(owner.last_name),
    title: text(owner.title),
    ownership_percent: percentForInput(owner.ownership_percent),
    phone_number: text(owner.phone_number),
    address_line_one: text(owner.address_line_one),
    address_line_two: text(owner.address_line_two),
    city: text(owner.city),
    state_province: text(owner.state_province),
    postal_code: text(owner.postal_code),
  };
}

// What staff already entered fills the form; SSNs, dates of birth, the tax id and bank numbers
// arrive only as their last four, so the merchant types them again.
export function ctaFormDefaults(view: CtaApplicationView): CtaApplicationValues {
  const ownershipType = text(view.business.ownership_type);
  const accountType = text(view.settlement.account_type);
  const mix = view.transaction_mix;
  return {
    business: {
      dba_name: text(view.business.dba_name),
      legal_name: text(view.business.legal_name),
      ownership_type: isBusinessStructure(ownershipType) ? ownershipType : '',
      fed_tx_id: '',
      business_description: text(view.business.business_description),
      start_date: text(view.business.start_date),
      website: text(view.business.website),
    },
    address: {
      business_address_one: text(view.address.business_address_one),
      business_address_two: text(view.address.business_address_two),
      business_city: text(view.address.business_city),
      business_state_province: text(view.address.business_state_province),
      business_postal_code: text(view.address.business_postal_code),
    },
    contact: {
      first_name: text(view.contact.first_name),
      last_name: text(view.contact.last_name),
      email: text(view.contact.email),
      business_phone_number: text(view.contact.business_phone_number),
    },
    owners: view.owners.length > 0 ? view.owners.map(ownerDefaults) : [emptyCtaOwner()],
    settlement: {
      account_number: '',
      routing_number: '',
      account_type: isSettlementAccountType(accountType) ? accountType : '',
    },
    transaction_mix: {
      card_swiped: mix.card_swiped === null ? '' : String(mix.card_swiped),
      keyed_card_present_not_imprinted:
        mix.keyed_card_present_not_imprinted === null ? '' : String(mix.keyed_card_present_not_imprinted),
      mail_or_phone_order: mix.mail_or_phone_order === null ? '' : String(mix.mail_or_phone_order),
      internet: mix.internet === null ? '' : String(mix.internet),
    },
    agreed: false,
  };
}

// 'On file: ending 6789' under a sensitive input, when the record has one.
export function onFileHint(last4: string | null): string | undefined {
  return last4 ? `On file: ending ${last4}. Enter it again to confirm.` : undefined;
}

// '45%' while typing; the rule itself (100) is the schema's.
export function mixTotalText(mix: CtaApplicationValues['transaction_mix']): string {
  const total = transactionMixTotal(mix);
  if (total !== null) return `Total: ${total}%`;
  const partial = transactionMixCategories.reduce((sum, [category]) => {
    const value = Number(mix[category]);
    return Number.isInteger(value) ? sum + value : sum;
  }, 0);
  return `Total: ${partial}%`;
}

// A link names the parent as well as the enrollment; a parent that does not match is a broken link.
export function isParentOfLink(routeParentId: string | undefined, view: CtaApplicationView): boolean {
  return routeParentId === undefined || routeParentId.toLowerCase() === view.parent_id?.toLowerCase();
}
