// The images of a run, each with the name of its product, as the Compress Product Images section lists them.
import type { BundleWorkflowProduct, ImageDetail } from '../../common/contract/entities';

export type RunImage = ImageDetail & { productName: string };

export function listRunImages(products: BundleWorkflowProduct[]): RunImage[] {
  return products.flatMap((product) =>
    (product.image_details ?? []).map((image) => ({
      ...image,
      productName: product.product_details.product_name ?? '',
    })),
  );
}

export const imageId = (image: Pick<ImageDetail, 'bundle_workflow_products_image_id'>) =>
  image.bundle_workflow_products_image_id;
