// Processor-audit users read the books and change nothing. The server refuses their writes
// with this text, and the portal shows it where a write control stays visible to them.
export const processorAuditReadOnlyText = 'Processor-audit users have read-only access.';
