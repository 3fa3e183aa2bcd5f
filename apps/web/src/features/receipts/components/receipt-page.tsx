import { Alert, Button, Divider, Group, Image, Stack, Text, Title } from '@mantine/core';
import { ReceiptErrorCode, ReceiptText } from '@portico/contracts/transactions/receipt';
import { IconPrinter } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-client';
import { brandTextColor } from '../../../lib/brand-text-color';
import { useUserTimeZone } from '../../../lib/time-zone/get-time-zone';
import { useReceipt } from '../api/get-receipt';
import { formatReceiptAmount, merchantAddressLines, receiptLines } from '../utils/receipt.utils';
import styles from './receipt-page.module.css';

function failureText(error: unknown): string {
  return error instanceof ApiError && error.code === ReceiptErrorCode.NotFound
    ? ReceiptText.NotFound
    : ReceiptText.LoadFailed;
}

// /receipt?id={transaction id}: the printable receipt the detail viewer opens in a new tab.
export function ReceiptPage() {
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id');
  const receipt = useReceipt(id);
  const timeZone = useUserTimeZone();

  if (id === null || id.trim() === '') return <Alert color="yellow">{ReceiptText.MissingId}</Alert>;
  if (receipt.isPending) return <PageLoader />;
  if (receipt.isError) return <Alert color="red">{failureText(receipt.error)}</Alert>;

  const data = receipt.data;
  return (
    <article className={styles.sheet} aria-label={ReceiptText.Title}>
      <Stack gap="md">
        {data.brand && (
          <Group gap="sm" pb={6} style={{ borderBottom: `3px solid ${data.brand.color ?? 'transparent'}` }}>
            {data.brand.logo_url ? (
              <Image
                src={data.brand.logo_url}
                alt={data.brand.entity_name}
                h={32}
                w="auto"
                maw={160}
                fit="contain"
              />
            ) : (
              <Text fw={700} c={data.brand.color ? brandTextColor(data.brand.color) : undefined}>
                {data.brand.entity_name}
              </Text>
            )}
          </Group>
        )}
        <div>
          <Title order={1} size="h3">
            {data.merchant.name}
          </Title>
          {merchantAddressLines(data).map((line) => (
            <Text key={line} size="sm" c="dimmed">
              {line}
            </Text>
          ))}
        </div>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {ReceiptText.Title}
          </Title>
          <Text fz={28} fw={700}>
            {formatReceiptAmount(data.amount)}
          </Text>
        </Group>
        <dl className={styles.lines}>
          {receiptLines(data, timeZone).map((line) => (
            <div key={line.label} className={styles.line}>
              <Text component="dt" size="sm" c="dimmed">
                {line.label}
              </Text>
              <Text component="dd" size="sm">
                {line.value}
              </Text>
            </div>
          ))}
        </dl>
        <div className={styles.noPrint}>
          <Group justify="flex-end">
            <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {ReceiptText.Print}
            </Button>
          </Group>
        </div>
      </Stack>
    </article>
  );
}
