// The app's compressed copy of one image (view-compressed-image) as an object URL for an <img>: the bytes a
// model that sees was shown, not the store's URL. Undefined until it is read, or when it is not compressed.
import { useEffect, useState } from 'react';
import type { ImageDetail } from '../../common/contract/entities';
import { invoke } from '../api/invoke';

export function useCompressedImage(image: ImageDetail): string | undefined {
  const [url, setUrl] = useState<string>();
  const id = image.bundle_workflow_products_image_id;
  const ready = image.compression_complete;
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    let made: string | undefined;
    void invoke(
      'view-compressed-image',
      { bundle_workflow_products_image_id: id },
      { signal: controller.signal },
    )
      .then((result) => {
        if (result.error || controller.signal.aborted) return;
        made = URL.createObjectURL(new Blob([result.data], { type: 'image/jpeg' }));
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id, ready]);
  return url;
}
