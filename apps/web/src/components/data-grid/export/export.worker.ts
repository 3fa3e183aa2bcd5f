import { createExportRequestHandler } from './export-worker-protocol';

// Module worker: builds the xlsx file off the main thread so the page never freezes.
const handleRequest = createExportRequestHandler((message, transfer = []) =>
  self.postMessage(message, { transfer }),
);

self.addEventListener('message', (event: MessageEvent<unknown>) => handleRequest(event.data));
