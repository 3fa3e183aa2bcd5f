import { sendEmailResponse } from '@portico/contracts/email/email';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type Ticket = { to: string; subject: string; body: string };

// Submit a Ticket: POST /api/email to the support address.
export function sendTicket(ticket: Ticket) {
  return apiRequest('/api/email', { method: 'POST', schema: sendEmailResponse.shape.message, body: ticket });
}

export function useSendTicket() {
  return useMutation({ mutationFn: sendTicket });
}
