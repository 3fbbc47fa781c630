import { describe, expect, it } from 'vitest';
import { OAK_CHAIR_INPUT } from '../../../tests/support/writer-fixtures';
import type { CopyFields } from '../ai/copy-writer';
import { buildMessages } from './build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from './prompt-templates';

const input = OAK_CHAIR_INPUT;

describe('buildMessages', () => {
  const parentCopy: CopyFields = {
    page_title: 'Oslo Oak Dining Chair | Nordhaus',
    meta_description: 'A dining chair in natural oak.',
    heading: 'Oslo Oak Dining Chair',
    description: 'Solid oak.',
    fact_sheet: 'Material: solid oak',
    alt_texts: ['Oslo Oak Dining Chair'],
  };

  it('writes a variant from its parent’s copy and the differences', () => {
    const messages = buildMessages(DEFAULT_PROMPT_TEMPLATES, {
      ...input,
      settings: { keywords: '', business_type: '', tone_of_voice: 'Playful' },
      product: { title: 'Oslo Oak Dining Chair', colour: 'Black' },
      parent: { product: input.product, copy: parentCopy, differences: ['colour: Black', 'size: L'] },
    });

    expect(messages).toHaveLength(2);
    expect(messages[0]?.template_variables).toMatchObject({
      business_type_clause: '',
      tone_of_voice: 'Playful',
    });
    expect(messages[1]?.content).toBe(DEFAULT_PROMPT_TEMPLATES.variant);
    expect(messages[1]?.template_variables).toEqual({
      differences: 'colour: Black, size: L',
      image_count: 3,
      parent_copy: JSON.stringify(parentCopy),
      product: 'title: Oslo Oak Dining Chair\ncolour: Black',
    });
  });

  it('sends the previous answer back with the problems for a repair', () => {
    const messages = buildMessages(DEFAULT_PROMPT_TEMPLATES, {
      ...input,
      repair: { previous: parentCopy, problems: ['page_title is 74 characters', 'alt_texts has 1 of 3'] },
    });

    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[2]).toEqual({ role: 'assistant', content: JSON.stringify(parentCopy) });
    expect(messages[3]).toEqual({
      role: 'user',
      content: DEFAULT_PROMPT_TEMPLATES.repair,
      template_variables: { problems: 'page_title is 74 characters; alt_texts has 1 of 3' },
    });
  });
});
