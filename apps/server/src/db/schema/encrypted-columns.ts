// The associated-data name each encrypted column is sealed with: FieldCipher.encrypt(plaintext, name)
// binds it, so a value copied into another column (or table) fails to decrypt. Writers and readers
// take the name from here.
export const encryptedColumn = {
  clientTaxId: 'clients.tax_id_enc',
  clientApiKey: 'clients.api_key_enc',
  clientSsn: 'clients.ssn_enc',
  clientPrincipalSsn: 'client_principals.ssn_enc',
  clientPrincipalDateOfBirth: 'client_principals.date_of_birth_enc',
  clientBankAccountNumber: 'client_bank_accounts.account_number_enc',
  clientBankRoutingNumber: 'client_bank_accounts.routing_number_enc',
  keystoreEpxExternalKey: 'client_keystore.epx_external_key_enc',
  keystoreBId: 'client_keystore.b_id_enc',
  enrollmentFedTxId: 'enrollments.fed_tx_id_enc',
  enrollmentAccountNumber: 'enrollments.account_number_enc',
  enrollmentRoutingNumber: 'enrollments.routing_number_enc',
  enrollmentPrincipalSsn: 'enrollment_principals.ssn_enc',
  enrollmentPrincipalDateOfBirth: 'enrollment_principals.date_of_birth_enc',
  terminalAuthKey: 'terminals.auth_key_enc',
  vaultPatientNumber: 'vault_customers.patient_number_enc',
  vaultPatientFirstName: 'vault_customers.patient_first_name_enc',
  vaultPatientLastName: 'vault_customers.patient_last_name_enc',
  keyComponent: 'key_components.component_enc',
  keyCeremonyKey: 'key_ceremonies.key_enc',
  keyInjectionIpek: 'key_injections.ipek_enc',
  authenticatorSecret: 'user_authenticators.secret_enc',
  webhookEndpointSecret: 'webhook_endpoints.secret_enc',
} as const;

export type EncryptedColumn = (typeof encryptedColumn)[keyof typeof encryptedColumn];
