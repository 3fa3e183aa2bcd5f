import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// POST /api/unsubscribe {cancelId, reason} (spec 3 §7): public, the link's signed token is the
// authorization; a 200 confirms.
export function unsubscribe({ cancelId, reason }: { cancelId: string; reason: string }) {
  return apiRequest('/api/unsubscribe', {
    method: 'POST',
    body: { cancelId, reason },
    schema: z.unknown(),
  });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
