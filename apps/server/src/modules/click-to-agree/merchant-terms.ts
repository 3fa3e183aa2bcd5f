import type { TermsView } from '@portico/contracts/enrollment/click-to-agree';

// The merchant agreement a click-to-agree applicant accepts on /terms/{id}. One text for
// every parent, naming the parent as the merchant's service provider; legal owns the wording, so it
// lives here alone and changes bump the version recorded with each agreement.

export const merchantTermsVersion = '2025-06-01';

// An enrollment without a parent contracts with the provider directly.
export const providerLegalName = 'Portico Payments Inc.';

export function merchantTerms(parentLegalName: string): TermsView {
  const provider = parentLegalName;
  return {
    title: 'Merchant Processing Agreement',
    version: merchantTermsVersion,
    parent_legal_name: parentLegalName,
    sections: [
      {
        heading: '1. Parties',
        paragraphs: [
          `This Merchant Processing Agreement (the "Agreement") is entered into between ${provider} ("Provider") and the business identified in the application (the "Merchant"). By selecting "I agree" and submitting the application, the Merchant accepts this Agreement electronically, and that acceptance has the same effect as a handwritten signature.`,
        ],
      },
      {
        heading: '2. Services',
        paragraphs: [
          'Provider will arrange for the authorization, processing and settlement of card, ACH and other electronic payment transactions accepted by the Merchant, through one or more processors and sponsor banks (the "Services"). Provider may change processors or sponsor banks with notice where the change does not reduce the Services.',
          'The Services start only after Provider has approved the application. Provider may decline any application without giving a reason.',
        ],
      },
      {
        heading: '3. Application and verification',
        paragraphs: [
          'The Merchant certifies that all information in the application, including business, ownership and settlement account details, is true, complete and current, and will tell Provider within 10 days of any change.',
          'The Merchant authorizes Provider, its processors and sponsor banks to verify the information provided, including identity, business and credit checks on the Merchant and each owner named in the application, now and while this Agreement is in force.',
        ],
      },
      {
        heading: '4. Card network and NACHA rules',
        paragraphs: [
          'The Merchant will comply with the operating rules of Visa, Mastercard, Discover, American Express and other networks it accepts, the NACHA Operating Rules for ACH entries, and all applicable laws, including those on consumer protection, data privacy and anti-money-laundering.',
          'The Merchant will not submit transactions that are illegal, that it did not originate with its own customer, or that do not reflect a genuine sale of goods or services described in the application.',
        ],
      },
      {
        heading: '5. Settlement, fees and reserves',
        paragraphs: [
          'Provider will settle the proceeds of transactions to the settlement account named in the application, less the fees set out in the Merchant’s pricing schedule (Schedule A), chargebacks, refunds, returns, adjustments and any amounts owed under this Agreement.',
          'The Merchant authorizes Provider to debit and credit the settlement account by ACH for these amounts. Provider may establish or adjust a reserve, delay settlement, or set processing limits where it reasonably considers its risk has increased.',
        ],
      },
      {
        heading: '6. Chargebacks and refunds',
        paragraphs: [
          'The Merchant is responsible for every chargeback, ACH return, fine and assessment arising from its transactions, and will respond to retrieval requests within the time the networks allow. Refunds must be made to the original payment method.',
        ],
      },
      {
        heading: '7. Data security',
        paragraphs: [
          'The Merchant will comply with the Payment Card Industry Data Security Standard (PCI DSS), will not store full card numbers, security codes or track data, and will notify Provider immediately of any suspected compromise of cardholder or account data.',
        ],
      },
      {
        heading: '8. Term and termination',
        paragraphs: [
          'This Agreement starts on approval and continues until terminated. Either party may terminate it with 30 days’ written notice. Provider may suspend or terminate the Services at once for a breach of this Agreement, excessive chargebacks, suspected fraud, or a request of a network or sponsor bank.',
          'Obligations for transactions processed before termination, including chargebacks, returns and fees, survive termination.',
        ],
      },
      {
        heading: '9. Liability',
        paragraphs: [
          'Provider’s total liability under this Agreement is limited to the fees the Merchant paid in the three months before the claim arose. Neither party is liable for indirect or consequential losses. The Merchant will indemnify Provider against losses caused by its breach of this Agreement or of the rules in section 4.',
        ],
      },
      {
        heading: '10. Electronic records',
        paragraphs: [
          'The Merchant consents to receive this Agreement, notices and statements electronically. Provider records the time of acceptance, the network address and the browser from which it was given as evidence of the Merchant’s agreement.',
          'This Agreement, the application and Schedule A are the entire agreement between the parties. It is governed by the laws of the State in which Provider has its principal office.',
        ],
      },
    ],
  };
}
