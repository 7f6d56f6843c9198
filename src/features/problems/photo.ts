/**
 * A photo from the device camera or a file, scaled down to at most 1600 px on its long side and
 * encoded as JPEG, so it fits the server's limit and sends fast on warehouse Wi-Fi.
 */
export const MAX_PHOTO_EDGE = 1600;

export function scaledSize(width: number, height: number, max = MAX_PHOTO_EDGE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function photoDataUrl(
  file: File,
  opts: { maxEdge?: number; quality?: number; maxChars?: number } = {},
): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = scaledSize(bitmap.width, bitmap.height, opts.maxEdge);
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // Lower the quality until the photo fits (a floor photo travels inside an outbox push).
  let quality = opts.quality ?? 0.82;
  let url = canvas.toDataURL('image/jpeg', quality);
  while (opts.maxChars && url.length > opts.maxChars && quality > 0.3) {
    quality -= 0.15;
    url = canvas.toDataURL('image/jpeg', quality);
  }
  return url;
}

/** A floor photo: small enough to queue offline and send in one push (problemPhotoArgsSchema). */
export const floorPhotoDataUrl = (file: File): Promise<string> =>
  photoDataUrl(file, { maxEdge: 1280, quality: 0.72, maxChars: 650_000 });
