// A stored logo (PNG or JPEG, checked by content on upload) as a data URL the browser shows as is.
export function imageDataUrl(content: Buffer): string {
  const isJpeg = content[0] === 0xff && content[1] === 0xd8;
  return `data:${isJpeg ? 'image/jpeg' : 'image/png'};base64,${content.toString('base64')}`;
}
