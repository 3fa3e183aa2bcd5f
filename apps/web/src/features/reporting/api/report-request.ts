import { VIEW_AS_QUERY_PARAM } from '@portico/contracts/access/view-as';
import type { ReportRow } from '@portico/contracts/transactions/report';
import { ApiError, parseEnvelope, viewAsClientIdForCall } from '../../../lib/api-client';
import { readViewAsClientId } from '../../../lib/auth/view-as';
import type { ReportRequestQuery } from '../utils/report-query.utils';
import { readReportPage } from '../utils/report-row-parser';

// GET /api/v1/report answers its total beside message, which apiRequest does not hand back, and Load
// All answers a stream; both calls go through fetch here, with the api client's rules: the session
// cookie, the viewed-as client, the envelope's error.

export const reportPath = '/api/v1/report';

export function reportUrl(query: ReportRequestQuery): string {
  const viewAs = viewAsClientIdForCall(reportPath, window.location.pathname, readViewAsClientId());
  const params = new URLSearchParams(
    viewAs === undefined ? query : { [VIEW_AS_QUERY_PARAM]: viewAs, ...query },
  );
  return `${reportPath}?${params.toString()}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function invalidReportAnswer(httpStatus: number): ApiError {
  return new ApiError('INVALID_RESPONSE', 'The server sent an answer the portal cannot read.', httpStatus);
}

// The envelope's error when there is one; else a text by status (a 5xx never shows internals).
export async function apiErrorOfResponse(response: Response): Promise<ApiError> {
  const envelope = parseEnvelope(parseJson(await response.text()));
  if (envelope && !envelope.status) {
    return new ApiError(envelope.error.code, envelope.error.message, response.status);
  }
  if (response.status >= 500) return new ApiError('SERVER_ERROR', 'Something went wrong', response.status);
  return new ApiError('HTTP_ERROR', `The request failed (HTTP ${response.status}).`, response.status);
}

// A whole JSON answer: the paged report, and Load All's fallback when the answer is not NDJSON.
export async function readReportPageAnswer(
  response: Response,
): Promise<{ message: ReportRow[]; total: number }> {
  const payload = parseJson(await response.text());
  const envelope = parseEnvelope(payload);
  if (envelope && !envelope.status) {
    throw new ApiError(envelope.error.code, envelope.error.message, response.status);
  }
  const page = readReportPage(payload);
  if (!page) throw invalidReportAnswer(response.status);
  return page;
}
