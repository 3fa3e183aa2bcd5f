import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';

// The address of the PDF statement (GET /api/statement/pdf?merchant_id&year-month), opened as a plain
// link so the browser downloads the attachment; a viewed-as client travels like on every call.
export function statementPdfHref(
  merchantId: string,
  yearMonth: string,
  viewAsClientId: string | null,
): string {
  const params = new URLSearchParams({ merchant_id: merchantId, 'year-month': yearMonth });
  if (viewAsClientId !== null) params.set(VIEW_AS_QUERY_PARAM, viewAsClientId);
  return `/api/statement/pdf?${params.toString()}`;
}
