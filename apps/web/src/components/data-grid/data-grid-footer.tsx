import { Button, Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import styles from './data-grid.module.css';
import type { DataGridSummary } from './data-grid.types';
import type { FormattedTotals } from './totals.utils';

export type TotalsItem = { id: string; header: string; totals: FormattedTotals };

type DataGridFooterProps = {
  totals: readonly TotalsItem[] | null;
  // The page's own totals (summarizeRows), shown instead of the per-column ones.
  summary?: DataGridSummary | null;
  page: { index: number; count: number; onPrevious: () => void; onNext: () => void } | null;
};

// The counter line (TOTAL, AVG, COUNT) and the pager (500 rows a page).
export function DataGridFooter({ totals, summary = null, page }: DataGridFooterProps) {
  if (!totals && !page) return null;
  return (
    <div className={styles.footer}>
      {summary ? (
        <section aria-label="Totals" className={styles.totals} data-testid="data-grid-totals">
          <Text size="xs">
            {summary.caption && <Text span size="xs" c="dimmed">{`${summary.caption} `}</Text>}
            {summary.items.map((item, index) => (
              <Fragment key={item.label}>
                {index > 0 && ' · '}
                <span data-total={item.label}>
                  <strong>{item.label}</strong> {item.value}
                </span>
              </Fragment>
            ))}
          </Text>
        </section>
      ) : totals ? (
        // Focusable: many totals scroll within the footer, and keyboard users must reach them.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region needs focus to scroll by keys.
        <section aria-label="Totals" className={styles.totals} data-testid="data-grid-totals" tabIndex={0}>
          {totals.length === 0 && (
            <Text size="xs" c="dimmed">
              No number columns to total
            </Text>
          )}
          {totals.map((item) => (
            <Text key={item.id} size="xs" data-column={item.id}>
              <strong>{item.header}</strong> TOTAL {item.totals.total} · AVG {item.totals.avg} · COUNT{' '}
              {item.totals.count}
            </Text>
          ))}
        </section>
      ) : (
        <span />
      )}
      {page && (
        <Group gap="xs" aria-label="Pages" role="navigation">
          <Button size="xs" variant="default" onClick={page.onPrevious} disabled={page.index === 0}>
            Prev
          </Button>
          <Text size="xs">
            Page {page.index + 1} of {Math.max(page.count, 1)}
          </Text>
          <Button size="xs" variant="default" onClick={page.onNext} disabled={page.index >= page.count - 1}>
            Next
          </Button>
        </Group>
      )}
    </div>
  );
}
