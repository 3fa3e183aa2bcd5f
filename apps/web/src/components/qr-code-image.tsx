import { Button, Image, Loader, Stack } from '@mantine/core';
import { qrResponse } from '@portico/contracts/payment-frame/short-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client';
import { showToast } from './toasts';

// The QR code of an address, drawn by the server at 150 by 150 (GET /api/qr).
const QR_SIZE = 150;

const QrText = {
  Copied: 'QR code image copied to clipboard!',
  NothingToCopy: 'No QR code to copy.',
} as const;

async function copyQrImage(dataUrl: string | undefined) {
  if (dataUrl === undefined) {
    await showToast({ text: QrText.NothingToCopy, type: 'warning' });
    return;
  }
  try {
    const blob = await (await fetch(dataUrl)).blob();
    await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
    await showToast({ text: QrText.Copied, type: 'success' });
  } catch (error) {
    // Clipboard failures are only logged.
    console.warn('Clipboard write failed', error);
  }
}

export function QrCodeImage({ text, height = QR_SIZE }: { text: string; height?: number }) {
  const qr = useQuery({
    queryKey: ['qr', text],
    queryFn: ({ signal }) =>
      apiRequest('/api/qr', {
        query: { text, width: QR_SIZE, height: QR_SIZE },
        schema: qrResponse.shape.message,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const dataUrl = qr.data?.[1].qr;
  return (
    <Stack gap="xs" align="flex-start">
      {qr.isPending && <Loader size="sm" aria-label="Loading QR code" />}
      {dataUrl !== undefined && (
        <Image src={dataUrl} alt={`QR code of ${text}`} h={height} w="auto" fit="contain" />
      )}
      <Button variant="default" size="xs" onClick={() => void copyQrImage(dataUrl)}>
        Copy QR Code
      </Button>
    </Stack>
  );
}
