// Every server function by name. Each handler is thin: the route has already checked the session
// and validated the body; the handler calls one domain function and returns the response shape.
import type { FunctionName } from '../../common/functions';
import { listBundlesFunction } from './list-bundles';
import { listWorkflowsFunction } from './list-workflows';
import type { FunctionHandler } from './types';

export type FunctionRegistry = { [N in FunctionName]?: FunctionHandler<N> };

export const functionRegistry: FunctionRegistry = {
  'list-workflows': listWorkflowsFunction,
  'list-bundles': listBundlesFunction,
};
