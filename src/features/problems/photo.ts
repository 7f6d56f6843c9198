/**
 * A photo from the device camera or a file, scaled down to at most 1600 px on its long side and
 * encoded as JPEG, so it fits the server's limit and sends fast on warehouse Wi-Fi.
 */
export const MAX_PHOTO_EDGE = 1600;

export function scaledSize(width: number, height: number, max = MAX_PHOTO_EDGE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function photoDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = Object.assign(document.createElement('canvas'), { width, height });
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.82);
}
