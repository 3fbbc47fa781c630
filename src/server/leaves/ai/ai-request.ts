// The shape of a logged AI request (SPEC §3): messages with optional template variables, model and settings.
import type { z } from 'zod';
import type { aiRequestSchema } from '../../../common/contract/entities';

export type AiRequest = z.infer<typeof aiRequestSchema>;
