// Export as ZIP for the Compress Product Images section: the compressed JPEGs of the run as images.zip.
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { IMAGES_ZIP_FILE_NAME } from '../../common/contract/constants';
import { createStoredZip, uniqueZipNames, ZIP_LIMITS } from '../../common/store-files/image-zip';
import { describeError, type InvokeResult, invoke } from '../api/invoke';
import { downloadBlob } from '../lib/download-file';
import { imageId, type RunImage } from './run-image';

/** Downloads in flight while exporting: enough to hide latency without queueing the whole run at once. */
const FETCH_CONCURRENCY = 4;

type ExportProgress = { done: number; total: number };

/** Export as ZIP: fetches each compressed image and writes images.zip, with progress, stopping on unmount. */
export function useZipExport(images: RunImage[]) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const exportZip = async () => {
    // Failed and unfinished images have no compressed bytes to download.
    const exportable = images.filter((image) => image.compression_complete);
    const totalBytes = exportable.reduce((sum, image) => sum + (image.compressed_bytes ?? 0), 0);
    if (exportable.length > ZIP_LIMITS.maxEntries || totalBytes > ZIP_LIMITS.maxBytes) {
      notifications.show({
        color: 'red',
        title: 'Too many images for one ZIP',
        message: `A ZIP file holds at most ${ZIP_LIMITS.maxEntries.toLocaleString('en-US')} images and 4 GB.`,
      });
      return;
    }
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress({ done: 0, total: exportable.length });
    try {
      const { blob, missing } = await writeImagesZip(exportable, controller.signal, (done) =>
        setProgress({ done, total: exportable.length }),
      );
      if (missing.length === exportable.length) {
        notifications.show({
          color: 'red',
          title: 'Could not export the images',
          message: missing[0]?.reason ?? 'No image could be downloaded.',
        });
        return;
      }
      downloadBlob(blob, IMAGES_ZIP_FILE_NAME);
      if (missing.length > 0) {
        notifications.show({
          color: 'orange',
          title: `${missing.length} of ${exportable.length} images are not in the ZIP`,
          message: `They could not be downloaded: ${missing[0]!.reason}`,
        });
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      notifications.show({
        color: 'red',
        title: 'Could not export the images',
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  };
  return { progress, isExporting: progress !== null, exportZip };
}

type MissingImage = { image: RunImage; reason: string };

/**
 * Downloads the images a few at a time and adds them to the archive in run order, so the ZIP lists them as
 * the table does. Each written chunk moves into a Blob straight away, which the browser may keep on disk,
 * instead of holding every image and the whole archive in memory together.
 */
async function writeImagesZip(
  images: RunImage[],
  signal: AbortSignal,
  onProgress: (done: number) => void,
): Promise<{ blob: Blob; missing: MissingImage[] }> {
  const names = uniqueZipNames(images.map((image) => image.url));
  const parts: Blob[] = [];
  let chunks: Uint8Array<ArrayBuffer>[] = [];
  const zip = createStoredZip((chunk) => chunks.push(chunk));
  const flush = () => {
    if (chunks.length === 0) return;
    parts.push(new Blob(chunks));
    chunks = [];
  };

  const inFlight: Promise<InvokeResult<'view-compressed-image'>>[] = [];
  let next = 0;
  const startNext = () => {
    const image = images[next];
    if (!image) return;
    next += 1;
    const download = invoke(
      'view-compressed-image',
      { bundle_workflow_products_image_id: imageId(image) },
      { signal },
    );
    // Awaited in order below; this only stops an abort from surfacing as an unhandled rejection first.
    download.catch(() => {});
    inFlight.push(download);
  };
  for (let i = 0; i < FETCH_CONCURRENCY; i += 1) startNext();

  const missing: MissingImage[] = [];
  for (const [index, image] of images.entries()) {
    const result = await inFlight.shift()!;
    startNext();
    if (result.error) missing.push({ image, reason: describeError(result.error) });
    else {
      zip.add(names[index]!, result.data);
      flush();
    }
    onProgress(index + 1);
  }
  zip.end();
  flush();
  return { blob: new Blob(parts, { type: 'application/zip' }), missing };
}
