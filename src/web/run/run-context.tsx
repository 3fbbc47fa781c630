// What every product row needs from the run it belongs to. A context rather than row props, so that the
// memoised rows compare only their own product and open/closed state on each poll.
import { createContext, useContext } from 'react';
import type { RunIds } from '../api/use-regenerate-products';

export type RunActions = RunIds & {
  toggleLog: (productId: number) => void;
  /** Opens the Review panel (a drawer over the page) for the product. */
  openReview: (productId: number) => void;
  toggleSelected: (productId: number) => void;
  goToProduct: (productId: number) => void;
  /** Ref for each rendered row, so that a windowed table knows its height. */
  measureElement: (element: HTMLElement | null) => void;
};

export const RunContext = createContext<RunActions | null>(null);

export function useRunActions(): RunActions {
  const actions = useContext(RunContext);
  if (!actions) throw new Error('useRunActions needs a RunContext provider.');
  return actions;
}
