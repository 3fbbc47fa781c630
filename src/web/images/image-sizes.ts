// Image sizes and savings as the compression summary and each image tile say them.

/**
 * A saving in whole percent, said plainly when the JPEG came out larger than the original. Exactly 0 means the
 * server kept the original bytes, because re-encoding would not have made them smaller.
 */
export function describeSaving(percent: number): string {
  if (percent === 0) return 'Already optimal';
  const rounded = Math.round(percent);
  if (rounded > 0) return `${rounded}% smaller`;
  if (rounded < 0) return `${-rounded}% larger`;
  return 'Same size';
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  // One decimal below 10 KB and in MB, so small sample images do not all read "3 KB → 3 KB".
  if (bytes < 10 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
