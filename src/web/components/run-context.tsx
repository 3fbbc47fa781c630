// What every product row needs from the run it belongs to. A context rather than row props, so that the
// memoised rows compare only their own product and open/closed state on each poll.
import { createContext, useContext } from 'react';
import type { BundleWorkflowProduct } from '../../common/entities';

export type RunActions = {
  bundleId: number;
  workflowId: number;
  bundleWorkflowId: number;
  toggleLog: (productId: number) => void;
  toggleReview: (productId: number) => void;
  /** Queues the product's copy to be written again (a failed product's Retry, or Regenerate). */
  regenerate: (productId: number) => Promise<void>;
  /** Puts a saved product into the cached run. */
  saved: (product: BundleWorkflowProduct) => void;
  goToProduct: (productId: number) => void;
  measureElement: (element: HTMLElement | null) => (() => void) | undefined;
};

export const RunContext = createContext<RunActions | null>(null);

export function useRunActions(): RunActions {
  const actions = useContext(RunContext);
  if (!actions) throw new Error('useRunActions needs a RunContext provider.');
  return actions;
}
