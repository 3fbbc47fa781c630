// Each operation's answers: its 200 (JSON, a file per export format, or an image's bytes), the run view's 304,
// and only the error statuses its function can answer (function-errors.ts), each naming its error types.
import { ERROR_STATUS, type FunctionErrorType } from '../../../common/contract/errors';
import { BINARY_FUNCTIONS, type FunctionName, functions } from '../../../common/contract/functions';
import { EXPORT_MEDIA_TYPES, type ExportFileFormat } from '../../../common/contract/functions/files';
import { errorTypesOf } from '../function-errors';
import { IDEMPOTENT_FUNCTIONS } from '../function-scopes';
import { header } from './headers';
import { jsonSchema } from './json-schema';

/** What a file of each media type holds, as far as JSON Schema can say. */
const FILE_SCHEMAS: Record<string, Record<string, unknown>> = {
  'text/csv': { type: 'string' },
  'application/json': { type: 'array', items: { type: 'object' } },
  'application/zip': { type: 'string', contentMediaType: 'application/zip' },
  'application/ld+json': { type: 'object', properties: { '@context': {}, '@graph': { type: 'array' } } },
};

/** The formats answered with each media type, in the order EXPORT_MEDIA_TYPES lists them. */
function formatsByMediaType(): Map<string, ExportFileFormat[]> {
  const byType = new Map<string, ExportFileFormat[]>();
  for (const [format, type] of Object.entries(EXPORT_MEDIA_TYPES) as [ExportFileFormat, string][]) {
    byType.set(type, [...(byType.get(type) ?? []), format]);
  }
  return byType;
}

function exportAnswer() {
  const byType = formatsByMediaType();
  const content: Record<string, unknown> = {};
  for (const type of byType.keys()) content[type] = { schema: FILE_SCHEMAS[type] };
  const which = [...byType].map(
    ([type, formats]) => `${formats.map((f) => `\`${f}\``).join(', ')}: \`${type}\``,
  );
  return {
    description: `The file, streamed, with a Content-Type per \`format\` (${which.join('; ')}).`,
    headers: { 'Content-Disposition': header('ContentDisposition'), 'Cache-Control': header('CacheControl') },
    content,
  };
}

function okAnswer(name: FunctionName): Record<string, unknown> {
  if (name === 'export-bundle') return exportAnswer();
  if (BINARY_FUNCTIONS.has(name)) {
    return {
      description: 'The image, as bytes.',
      headers: { 'Cache-Control': header('CacheControl') },
      content: {
        'application/octet-stream': {
          schema: { type: 'string', contentMediaType: 'application/octet-stream' },
        },
      },
    };
  }
  const headers = {
    ...(IDEMPOTENT_FUNCTIONS.has(name) ? { 'Idempotent-Replayed': header('IdempotentReplayed') } : {}),
    ...(name === 'view-bundle-workflow'
      ? { ETag: header('ETag'), 'Cache-Control': header('CacheControl') }
      : {}),
  };
  return {
    description: 'The answer.',
    ...(Object.keys(headers).length ? { headers } : {}),
    content: { 'application/json': { schema: jsonSchema(functions[name].response, 'output') } },
  };
}

/** The statuses `name` can answer with an error, and the error types behind each. */
function errorAnswers(name: FunctionName): Record<string, unknown> {
  const byStatus = new Map<number, FunctionErrorType[]>();
  for (const type of errorTypesOf(name)) {
    byStatus.set(ERROR_STATUS[type], [...(byStatus.get(ERROR_STATUS[type]) ?? []), type]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, types] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retry = status === 429 || status === 503;
    responses[String(status)] = {
      description: `Error type ${types.map((t) => `\`${t}\``).join(', ')}`,
      ...(retry ? { headers: { 'Retry-After': header('RetryAfter') } } : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

export function responsesOf(name: FunctionName): Record<string, unknown> {
  return {
    '200': okAnswer(name),
    ...(name === 'view-bundle-workflow'
      ? {
          '304': {
            description: 'Not modified: the run is as the `If-None-Match` ETag saw it. No body.',
            headers: { ETag: header('ETag'), 'Cache-Control': header('CacheControl') },
          },
        }
      : {}),
    ...errorAnswers(name),
  };
}
