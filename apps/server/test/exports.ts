import { exportResponse } from '@portico/contracts/exports/exports';
import { expect } from 'vitest';
import { callAs, type InjectingApp } from './auth-helpers';

// A server-side export as a person gets it: asked for (POST /api/exports/{grid}), written by one
// tick of the job runner, downloaded as CSV. Its id and its lines, without the byte order mark and
// the last line break (none of the tests' cells holds a line break).
export async function exportedCsv(
  app: InjectingApp & { jobs: { tick(): Promise<unknown> } },
  email: string,
  grid: string,
  body: object,
): Promise<{ id: string; rows: string[] }> {
  const asked = await callAs(app, email, 'POST', `/api/exports/${grid}`, body);
  expect(asked.statusCode, asked.body).toBe(200);
  const id = exportResponse.parse(asked.json()).message.id;
  await app.jobs.tick();
  const res = await callAs(app, email, 'GET', `/api/exports/${id}/download`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return { id, rows: res.body.slice(1, -2).split('\r\n') };
}
