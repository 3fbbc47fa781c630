import type { BundleSummary } from '../../common/contract/entities';

/** A bundle's name as the navigation and the run view show it; a blank name still needs a label. */
export function bundleLabel(bundle: Pick<BundleSummary, 'name'>): string {
  return bundle.name.trim() ? bundle.name : 'Unnamed';
}
