import { Permission } from '@portico/contracts/access/permission-names';
import { payeeSearchQuery } from '@portico/contracts/vault/vault';
import { vaultExportColumnIdsOf, vaultExportColumns } from '@portico/contracts/vault/vault-export-columns';
import { z } from 'zod';
import { attemptActorOf } from '../../../access/audit-actor';
import type { Caller } from '../../../access/caller';
import { refuseProcessorAuditUser } from '../../../access/denial';
import type { VaultMatchesPageEnd } from '../../vault/vault.repository';
import {
  countVaultExportRows,
  reachVaultForExport,
  stillReachesVaultExport,
  type VaultCaller,
  type VaultExportScope,
  vaultExportPage,
} from '../../vault/vault.service';
import type { PatientCrypto } from '../../vault/vault-patient-fields';
import type { ExportableGrid } from '../export-registry';
import { ExportsError } from '../exports.errors';

// The Vault page's export: every customer of the merchant the page's search matches (not the page's
// first 100), for those who hold Vault on it, in the page's order, read in keyset pages. Patient
// fields are opened as the page opens them, for the merchant's own Vault users only.

// The page's search: every field the same text, or none (the merchant's customers by last name).
const vaultExportParams = z.strictObject(payeeSearchQuery.omit({ clientid: true }).shape);

const storedSchema = z.object({
  clientId: z.string(),
  hasPatientLayout: z.boolean(),
  canSeePatients: z.boolean(),
  query: vaultExportParams,
  actor: z.object({
    userId: z.string().nullable(),
    email: z.string().nullable(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
});

const batchSize = 1_000;

const vaultCallerOf = (caller: Caller): VaultCaller => ({
  session: caller.session,
  origin: caller.origin,
  merchantAccess: caller.merchant,
});

// patientCrypto: the vault's patient-field cipher, made when first needed.
export function createVaultExport(patientCrypto: () => PatientCrypto): ExportableGrid {
  return {
    grid: 'vault',
    fileStem: 'Customer Vault',
    // The vault list's own access (GET /api/payee/all), merchant_id in the body; processor-audit
    // users read the books, not the merchants' customers (refused, as the list refuses them).
    requestAccess: {
      kind: 'authenticated',
      roles: ['admin', 'parent', 'user'],
      permission: Permission.Vault,
      merchant: { from: 'body', key: 'merchant_id' },
    },

    async authorize(executor, caller, params, merchantId) {
      await refuseProcessorAuditUser(caller);
      const parsed = vaultExportParams.safeParse(params);
      if (!parsed.success) {
        throw ExportsError.InvalidParams(parsed.error.issues[0]?.message ?? 'The vault search is not valid');
      }
      const reach = await reachVaultForExport(executor, vaultCallerOf(caller), merchantId);
      return storedSchema.parse({ ...reach, query: parsed.data, actor: attemptActorOf(caller) });
    },

    async mayStillSee(executor, caller, scope) {
      const stored = storedSchema.parse(scope);
      return stillReachesVaultExport(executor, vaultCallerOf(caller), stored);
    },

    // The table's columns of the merchant's layout.
    columnIds(scope) {
      return vaultExportColumnIdsOf(storedSchema.parse(scope).hasPatientLayout);
    },

    async withSource(database, scope, use) {
      const stored: VaultExportScope = storedSchema.parse(scope);
      const deps = { db: database.db, patientCrypto: patientCrypto() };
      return use({
        columns: vaultExportColumns,
        countRows: () => countVaultExportRows(deps, stored),
        // Keyset pages, each one query past the last customer written.
        async *batches() {
          let after: VaultMatchesPageEnd | undefined;
          for (;;) {
            const page = await vaultExportPage(deps, stored, batchSize, after);
            if (page.rows.length > 0) yield page.rows;
            if (page.rows.length < batchSize || page.end === undefined) return;
            after = page.end;
          }
        },
      });
    },
  };
}
