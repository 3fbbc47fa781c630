// The contract for every server function (SPEC §5, §7): name → request and response schemas, one file per area.
// The server validates requests with it; the web client validates both directions with it.
import { z } from 'zod';
import { FUNCTION_ERROR_TYPES } from '../errors';
import { apiKeyFunctions } from './api-keys';
import { bundleFunctions } from './bundles';
import { fileFunctions } from './files';
import { reviewFunctions } from './review';
import { runFunctions } from './runs';
import { searchDataFunctions } from './search-data';
import { storeFunctions } from './stores';
import { trialFunctions } from './trials';
import { webhookFunctions } from './webhooks';
import { workflowFunctions } from './workflows';
import { workspaceFunctions } from './workspaces';

export * from './api-keys';
export * from './bundles';
export * from './review';
export * from './runs';
export * from './search-data';
export * from './stores';
export * from './trials';
export * from './webhooks';
export * from './workflows';
export * from './workspaces';

/**
 * The contract's areas, one per file: the OpenAPI document's tags come from here, so a function added to an
 * area's file is tagged with it and no second list can leave one out.
 */
export const FUNCTION_AREAS = {
  workflows: workflowFunctions,
  bundles: bundleFunctions,
  runs: runFunctions,
  review: reviewFunctions,
  files: fileFunctions,
  'search-data': searchDataFunctions,
  'api-keys': apiKeyFunctions,
  webhooks: webhookFunctions,
  stores: storeFunctions,
  trials: trialFunctions,
  workspaces: workspaceFunctions,
} as const;
export type FunctionArea = keyof typeof FUNCTION_AREAS;

export const functions = {
  ...workflowFunctions,
  ...bundleFunctions,
  ...runFunctions,
  ...reviewFunctions,
  ...fileFunctions,
  ...searchDataFunctions,
  ...apiKeyFunctions,
  ...webhookFunctions,
  ...storeFunctions,
  ...trialFunctions,
  ...workspaceFunctions,
} as const;

export type FunctionName = keyof typeof functions;
export type FunctionRequest<N extends FunctionName> = z.input<(typeof functions)[N]['request']>;
export type ParsedFunctionRequest<N extends FunctionName> = z.output<(typeof functions)[N]['request']>;
export type FunctionResponse<N extends FunctionName> = z.infer<(typeof functions)[N]['response']>;

export const FUNCTION_NAMES = Object.keys(functions) as FunctionName[];

export function isFunctionName(name: string): name is FunctionName {
  return Object.hasOwn(functions, name);
}

/** The area (contract file) a function is declared in. */
export function areaOf(name: FunctionName): FunctionArea {
  const found = (Object.keys(FUNCTION_AREAS) as FunctionArea[]).find((area) =>
    Object.hasOwn(FUNCTION_AREAS[area], name),
  );
  if (!found) throw new Error(`${name} is in no area of the contract`);
  return found;
}

/** Functions that answer with bytes rather than JSON. */
export const BINARY_FUNCTIONS: ReadonlySet<FunctionName> = new Set([
  'view-compressed-image',
  'export-bundle',
]);

/** The body of every error answer: `{ error: { type, message? } }` (DESIGN.md). */
export const errorBodySchema = z.object({
  error: z.object({ type: z.enum(FUNCTION_ERROR_TYPES), message: z.string().optional() }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
