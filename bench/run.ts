// `npm run bench [-- report|clients|access|vault|search|charge|webhooks|subscriptions|signup|disputes|exports|grid|ingest|load]`: every benchmark by default. report seeds a throwaway
// PostgreSQL (1,000,000 transactions by default; BENCH_TRANSACTIONS overrides); grid drives Chromium
// (the DataGrid, the export and Load All into the grid); ingest is Load All into the grid alone. Each
// prints its figures beside a baseline measured in the same run. Never part of `npm test`.
const only = process.argv[2];
const results: boolean[] = [];
// Loaded on demand: the grid benchmark needs none of the server's modules, and the reverse.
if (only === undefined || only === 'report') {
  const { benchDatabase } = await import('./database.bench');
  results.push(await benchDatabase());
}
if (only === undefined || only === 'clients') {
  const { benchClientList } = await import('./client-list.bench');
  results.push(await benchClientList());
}
if (only === undefined || only === 'access') {
  const { benchAccessDecision } = await import('./access-decision.bench');
  results.push(await benchAccessDecision());
}
if (only === undefined || only === 'vault') {
  const { benchVaultSearch } = await import('./vault-search.bench');
  results.push(await benchVaultSearch());
}
if (only === undefined || only === 'search') {
  const { benchGlobalSearch } = await import('./global-search.bench');
  results.push(await benchGlobalSearch());
}
if (only === undefined || only === 'charge') {
  const { benchCharge } = await import('./charge.bench');
  results.push(await benchCharge());
}
if (only === undefined || only === 'webhooks') {
  const { benchWebhookDelivery } = await import('./webhooks.bench');
  results.push(await benchWebhookDelivery());
}
if (only === undefined || only === 'subscriptions') {
  const { benchSubscriptions } = await import('./subscriptions.bench');
  results.push(await benchSubscriptions());
}
if (only === undefined || only === 'signup') {
  const { benchSignUpTiming } = await import('./sign-up-timing.bench');
  results.push(await benchSignUpTiming());
}
if (only === undefined || only === 'disputes') {
  const { benchDisputes } = await import('./disputes.bench');
  results.push(await benchDisputes());
}
if (only === undefined || only === 'exports') {
  const { benchExports } = await import('./exports.bench');
  results.push(await benchExports());
}
if (only === undefined || only === 'grid') {
  const { benchGrid } = await import('./grid/grid.bench');
  results.push(await benchGrid());
}
// Two instances, a replica and a kill: run on its own (`npm run bench -- load`), not in the default set.
if (only === 'load') {
  const { benchLoad } = await import('./load.bench');
  results.push(await benchLoad());
}
if (only === 'ingest') {
  const { benchIngest } = await import('./grid/grid.bench');
  results.push(await benchIngest());
}
const ok = results.every(Boolean);
console.log(ok ? '\nAll figures within budget.' : '\nSome figures are over budget.');
// The load test's assertions are pass or fail, not budgets: a violation fails the command.
if (only === 'load' && !ok) process.exitCode = 1;
