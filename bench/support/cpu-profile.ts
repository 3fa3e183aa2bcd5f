import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

// Runs fn count times under V8's sampling profiler and writes the profile (open it in Chrome
// DevTools, Performance tab): where a request's CPU time goes, beside the bench's figures.
export async function profileRuns(fn: () => Promise<unknown>, count: number, file: string): Promise<void> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 50 });
    await session.post('Profiler.start');
    const started = process.hrtime.bigint();
    for (let i = 0; i < count; i += 1) await fn();
    const perRunMs = Number(process.hrtime.bigint() - started) / 1e6 / count;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(file, JSON.stringify(profile));
    console.log(`\nCPU profile of ${count} runs (${perRunMs.toFixed(2)} ms each, profiler on): ${file}`);
  } finally {
    session.disconnect();
  }
}
