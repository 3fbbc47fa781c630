// The document's `webhooks` section (OpenAPI 3.1): one entry per event a delivery can carry, its body the
// contract's schema for that event, so a receiver can generate its types as a caller does.
import { WEBHOOK_DELIVERY_EVENTS, webhookEventBodySchema } from '../../../common/contract/functions/webhooks';
import { jsonSchema } from './json-schema';

const SIGNATURE_HEADERS = {
  'webhook-id': 'The delivery id (`msg_…`): the same on every retry, so a receiver can drop repeats.',
  'webhook-timestamp': 'Seconds since the epoch when this attempt was signed.',
  'webhook-signature':
    '`v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint secret (`whsec_…`).',
};

export function webhooksSection(): Record<string, unknown> {
  const section: Record<string, unknown> = {};
  for (const event of WEBHOOK_DELIVERY_EVENTS) {
    section[event] = {
      post: {
        operationId: `webhook-${event.replace('.', '-')}`,
        tags: ['webhooks'],
        summary: event,
        description:
          event === 'webhook.test'
            ? 'Sent by `test-webhook` to the one endpoint named, whether or not it is switched on.'
            : `Sent to each of your enabled endpoints that subscribed to \`${event}\` (create-webhook's \`events\`), signed per the Standard Webhooks spec and retried for 24 hours until it answers 2xx.`,
        parameters: Object.entries(SIGNATURE_HEADERS).map(([name, description]) => ({
          name,
          in: 'header',
          required: true,
          description,
          schema: { type: 'string' },
        })),
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(webhookEventBodySchema(event), 'output') } },
        },
        // The receiver checks webhook-signature; the delivery carries no credential of the receiver's.
        security: [],
        responses: {
          '200': { description: 'Any 2xx answer marks the delivery done; anything else is retried.' },
        },
      },
    };
  }
  return section;
}
