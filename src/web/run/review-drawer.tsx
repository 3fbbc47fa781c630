// The Review panel opens over the page, never inside the table's scroll area: a drawer at the
// right on wide and medium screens, and the whole screen on a phone. Its code (editor, diff, history) loads when
// the first product is opened.
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import { productName } from '../lib/product-name';
import { lazyNamed, PartLoading } from '../ui/lazy-part';
import type { RunActions } from './run-context';

const ProductReview = lazyNamed(() => import('../review/product-review'), 'ProductReview');

export function ReviewDrawer({
  product,
  run,
  mainLanguage,
  onClose,
}: {
  product: BundleWorkflowProduct | undefined;
  run: RunActions;
  /** The language the run's first copy is in, which the review's language switch names. */
  mainLanguage: string | null;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Drawer
      opened={product !== undefined}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'min(760px, 92vw)'}
      title={product ? `Review: ${productName(product.product_details)}` : 'Review'}
      closeButtonProps={{ 'aria-label': 'Close review' }}
    >
      {/* A new key per product, so that one product's draft never shows on another. */}
      {product && (
        <PartLoading>
          <ProductReview key={product.id} product={product} run={run} mainLanguage={mainLanguage} />
        </PartLoading>
      )}
    </Drawer>
  );
}
