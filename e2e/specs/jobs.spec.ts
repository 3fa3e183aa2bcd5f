import { expect, test } from '@playwright/test';
import { jobRunNowResponse, jobRunsResponse } from '@portico/contracts/jobs/jobs';
import { statementResponse } from '@portico/contracts/statements/statements';
import { clientIdNamed, harborLaneName } from '../support/clients';
import { collectPageErrors } from '../support/page-errors';
import { mainMenu, signInAs } from '../support/sign-in';

// The server's job runner ticks as it starts; staff open the jobs page and see the
// run that posted the statements of the month before, its period and what it posted, times with
// their zone. Asking for failures only hides it.

const staff = 'admin@portico.example';

test('staff open the jobs page and see the statement run of this month', async ({ page }) => {
  const pageErrors = collectPageErrors(page);
  await signInAs(page, staff);

  // The runner's first tick has posted the month before by the time staff look (polled, not timed).
  let statementRun: ReturnType<typeof jobRunsResponse.parse>['message']['runs'][number] | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/jobs/runs');
      expect(response.ok()).toBe(true);
      statementRun = jobRunsResponse
        .parse(await response.json())
        .message.runs.find((run) => run.name === 'statements.post' && run.status === 'succeeded');
      return statementRun?.runKey ?? null;
    })
    .toMatch(/^\d{4}-\d{2}$/);
  if (!statementRun) throw new Error('no statement run');

  // Reached from the staff menu, not only by its address.
  await page.goto('/app/home');
  await mainMenu(page).getByRole('link', { name: 'Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Job runs' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  // Newest first, and the grid renders only the rows in view: the first tick's runs sit at the end,
  // below every minute's runs since the server started, so scroll to the end to bring them in.
  await grid.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  const row = grid.getByRole('row').filter({ hasText: 'Statements of the month before' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(statementRun.runKey);
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText('1 of 5');
  await expect(row).toContainText(`Month ${String(statementRun.result?.month)}`);
  // Times carry their zone's name (the signed-in user's zone).
  await expect(row).toContainText(/\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM)?\s?[A-Z]{2,5}/);

  await page.getByRole('switch', { name: 'Only failures and retries waiting' }).check();
  await expect(
    page.getByRole('grid', { name: 'Job runs' }).getByText('Statements of the month before'),
  ).toHaveCount(0);

  expect(pageErrors).toEqual([]);
});

test("staff's Run now posts the month before once: a second run adds nothing", async ({ page }) => {
  await signInAs(page, staff);
  const runNow = async () => {
    const response = await page.request.post('/api/jobs/statements.post/run');
    expect(response.ok()).toBe(true);
    return jobRunNowResponse.parse(await response.json()).message.run;
  };
  const now = new Date();
  const monthBefore = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const harborId = await clientIdNamed(page, harborLaneName);
  const statementOf = async () => {
    const response = await page.request.get(
      `/api/statement?year-month=${monthBefore}&merchant_id=${harborId}`,
    );
    expect(response.ok()).toBe(true);
    return statementResponse.parse(await response.json()).message;
  };
  // Whether the start-up run or this one posted it, the month ends up posted once.
  const first = await runNow();
  expect(first).toMatchObject({ status: 'succeeded', result: { month: monthBefore } });
  const posted = await statementOf();
  expect(posted).toHaveLength(1);
  const second = await runNow();
  expect(second).toMatchObject({ status: 'succeeded', result: { month: monthBefore, posted: 0 } });
  expect(await statementOf()).toEqual(posted);
});

test('a merchant user cannot open the jobs page', async ({ page }) => {
  await signInAs(page, 'owner@harborlanecoffee.example');
  const response = await page.request.get('/api/jobs/runs');
  expect(response.status()).toBe(403);
});
