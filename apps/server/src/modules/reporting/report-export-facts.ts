import type { ReportExportFacts } from '@portico/contracts/transactions/report-export-columns';
import {
  type ActionMode,
  type ProPayStatus,
  type TransactionType,
  transactionTypeSchema,
} from '@portico/contracts/transactions/transaction-enums';
import type { UndoFacts } from '@portico/contracts/transactions/undo-state';
import { type AdvancedFields, seesAdvancedFieldsOf } from '../../access/report-access';
import {
  epochMsOfUtcText,
  F,
  LineFields,
  type ReportMerchant,
  type ReportRowFields,
  type ReportUndo,
} from './report-row';

// An export's facts of a report row, read straight from the line the database sent (report-line-sql.ts):
// the same values the report's JSON carries (report-row.ts), without writing that JSON and reading
// it back. What the row writer leaves out, this leaves out: the fee and surcharge where the caller
// may not see the merchant's REPORTS_ADVANCED fields, meta and location members of another type
// than the contracts schema reads, a settlement without its date. A test holds the two equal, row
// by row.

type Merchant = { name: string | null; parentName: string | null; isAdvanced: boolean };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Most rows were never voided or refunded: one empty list for them all.
const noUndoes: readonly UndoFacts[] = Object.freeze([]);

const stringOrUndefined = (value: unknown) => (typeof value === 'string' ? value : undefined);

// The location's name of a stored sub_location, per stored text: a report repeats the same
// locations on row after row. Bounded, in case a window holds more than expected.
const locationCacheLimit = 10_000;

export class ReportExportFactsReader {
  readonly #advanced: AdvancedFields;
  readonly #fields = new LineFields();
  readonly #merchants = new Map<string, Merchant>();
  // A new map for each batch, never a cleared one (ReportRowWriter's undoes say why).
  #undoes = new Map<string, UndoFacts[]>();
  readonly #locations = new Map<string, string | undefined>();

  constructor(advanced: AdvancedFields) {
    this.#advanced = advanced;
  }

  #isAdvanced(clientId: string): boolean {
    return seesAdvancedFieldsOf(this.#advanced, clientId);
  }

  // Load All's merchants, read before their rows (their lines leave the names out).
  addMerchants(merchants: readonly ReportMerchant[]): void {
    for (const { id, dbaName, parentName } of merchants) {
      this.#merchants.set(id, { name: dbaName, parentName, isAdvanced: this.#isAdvanced(id) });
    }
  }

  // The voids and refunds of the rows to come, in place of those given before (an export gives each
  // batch's own).
  setUndoes(undoes: readonly ReportUndo[]): void {
    this.#undoes = new Map();
    for (const undo of undoes) {
      const facts: UndoFacts = {
        type: transactionTypeSchema.parse(undo.type),
        amountCents: Number(undo.amountCents),
      };
      const before = this.#undoes.get(undo.originalId);
      if (before === undefined) this.#undoes.set(undo.originalId, [facts]);
      else before.push(facts);
    }
  }

  #merchant(): Merchant {
    const row = this.#fields;
    const clientId = row.get(F.clientId);
    let merchant = this.#merchants.get(clientId);
    if (merchant === undefined) {
      if (!row.hasNames) throw new Error(`A report row of a merchant not read before: ${clientId}`);
      merchant = {
        name: row.freeText(F.merchantDbaName),
        parentName: row.freeText(F.parentName),
        isAdvanced: this.#isAdvanced(clientId),
      };
      this.#merchants.set(clientId, merchant);
    }
    return merchant;
  }

  #location(): string | undefined {
    const row = this.#fields;
    if (row.isEmpty(F.subLocation)) return undefined;
    const stored = row.get(F.subLocation);
    if (this.#locations.has(stored)) return this.#locations.get(stored);
    const parsed: unknown = JSON.parse(stored);
    const name = isPlainObject(parsed) ? stringOrUndefined(parsed.name) : undefined;
    if (this.#locations.size < locationCacheLimit) this.#locations.set(stored, name);
    return name;
  }

  facts(line: ReportRowFields): ReportExportFacts {
    const row = this.#fields;
    row.read(line);
    const merchant = this.#merchant();
    const id = row.get(F.id);
    const meta: unknown = row.firstCode(F.meta) === 123 /* { */ ? JSON.parse(row.get(F.meta)) : undefined;
    const customer = isPlainObject(meta) ? meta : undefined;
    const paymentStatus = row.get(F.paymentStatus);
    const masked: unknown =
      row.firstCode(F.maskedAccountNumber) === 34 /* a JSON string */
        ? JSON.parse(row.get(F.maskedAccountNumber))
        : undefined;
    return {
      createdAtMs: epochMsOfUtcText(row.get(F.createdAt)),
      id,
      merchantName: merchant.name,
      parentName: merchant.parentName,
      // The database's enum types hold only the contracts' values.
      type: row.get(F.type) as TransactionType,
      actionMode: row.isEmpty(F.actionMode) ? null : (row.get(F.actionMode) as ActionMode),
      paymentStatus: paymentStatus === '' ? null : paymentStatus === 'true',
      proPayStatus: row.isEmpty(F.proPayStatus) ? null : (row.get(F.proPayStatus) as ProPayStatus),
      amountCents: Number(row.get(F.amountCents)),
      feeCents: merchant.isAdvanced ? Number(row.get(F.feeCents)) : undefined,
      surchargeCents: merchant.isAdvanced ? Number(row.get(F.surchargeCents)) : undefined,
      status: row.freeText(F.status),
      undoes: this.#undoes.get(id) ?? noUndoes,
      action: row.freeText(F.action),
      cardBrand: row.freeText(F.cardBrand),
      cardType: row.freeText(F.cardType),
      customerFirstName: stringOrUndefined(customer?.firstName),
      customerLastName: stringOrUndefined(customer?.lastName),
      customerEmail: stringOrUndefined(customer?.email),
      token: row.freeText(F.token),
      maskedAccountNumber: stringOrUndefined(masked),
      locationName: this.#location(),
      settlement:
        row.isEmpty(F.settlementAmountCents) || row.isEmpty(F.settlementDate)
          ? null
          : { amountCents: Number(row.get(F.settlementAmountCents)), date: row.get(F.settlementDate) },
    };
  }
}
