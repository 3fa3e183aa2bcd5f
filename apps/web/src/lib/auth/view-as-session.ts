import { viewAsStartResponse, viewAsStopResponse } from '@portico/contracts/access/view-as-session';
import { apiRequest } from '../api-client';
import { readViewAsClientId, startViewingAs, stopViewingAs } from './view-as';

// The server checks and audits the start and the stop of a view-as; the browser
// keeps the viewed client (view-as.ts) only once the server agreed. Any page may offer it.
export async function startViewAsSession(clientId: string): Promise<{ name: string }> {
  // A view-as already running ends first: the start call must carry no viewAs of its own.
  if (readViewAsClientId() !== null) await stopViewAsSession();
  const started = await apiRequest('/api/view-as', {
    method: 'POST',
    body: { client_id: clientId },
    schema: viewAsStartResponse.shape.message,
  });
  startViewingAs(started.client_id);
  return { name: started.name };
}

// Ends the view-as in this browser whatever the server answers (it only records the stop).
export async function stopViewAsSession(): Promise<void> {
  const clientId = readViewAsClientId();
  try {
    if (clientId !== null) {
      await apiRequest('/api/view-as/stop', {
        method: 'POST',
        body: { client_id: clientId },
        schema: viewAsStopResponse.shape.message,
      });
    }
  } finally {
    stopViewingAs();
  }
}
