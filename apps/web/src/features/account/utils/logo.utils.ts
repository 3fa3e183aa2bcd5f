import { logoExtensions } from '@portico/contracts/clients/account-detail';

export type LogoExtension = (typeof logoExtensions)[number];

// A logo is png, jpeg or jpg, judged by the file's extension (the server checks the bytes).
export function logoExtensionOf(fileName: string): LogoExtension | null {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  return logoExtensions.find((allowed) => allowed === extension) ?? null;
}

export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
