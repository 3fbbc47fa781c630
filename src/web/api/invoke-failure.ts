import type { InvokeError } from './invoke';

/** A failed call, thrown so that TanStack Query keeps the last good data while it reports the error. */
export class InvokeFailure extends Error {
  constructor(readonly failure: InvokeError) {
    super(failure.message);
    this.name = 'InvokeFailure';
  }
}
