import { describe, expect, it } from 'vitest';
import { OAK_CHAIR_INPUT } from '../../../../tests/support/writer-fixtures';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import { buildMessages, renderMessages } from './build-prompt';
import { DEFAULT_PROMPT_TEMPLATES } from './prompt-templates';

const input = OAK_CHAIR_INPUT;

describe('buildMessages', () => {
  const parentCopy: CopyFields = {
    page_title: 'Oslo Oak Dining Chair | Nordhaus',
    meta_description: 'A dining chair in natural oak.',
    heading: 'Oslo Oak Dining Chair',
    description: 'Solid oak.',
    fact_sheet: 'Material: solid oak',
    questions_and_answers: '',
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
    expect(messages[1]?.content).toBe(`${DEFAULT_PROMPT_TEMPLATES.variant}\n\n{{variant_rules}}`);
    expect(messages[1]?.template_variables).toEqual({
      differences: 'colour: Black, size: L',
      image_count_phrase: '3 images, one alt text each',
      parent_copy: JSON.stringify(parentCopy),
      product: 'title: Oslo Oak Dining Chair\ncolour: Black',
      variant_rules: 'This is a variant: its page_title and heading must each name "Black" and "L".',
    });
  });

  it('writes a variant beside its parent (one batch) as a product of its own, saying what it is a variant of and naming its siblings', () => {
    const messages = buildMessages(DEFAULT_PROMPT_TEMPLATES, {
      ...input,
      product: { product_name: 'Oslo Oak Dining Chair', colour: 'Black' },
      parent: {
        product: { ...input.product, product_name: 'Oslo Oak Dining Chair', colour: 'Natural' },
        copy: null,
        differences: ['colour: Black (parent: Natural)'],
        siblings: ['White', 'Grey'],
      },
    });
    // No parent copy to show: the ordinary product prompt, never "Parent copy:" with nothing under it.
    expect(messages[1]?.content).toBe(`${DEFAULT_PROMPT_TEMPLATES.user}\n\n{{variant_rules}}`);
    // The variant's own rules come with its data, after the shared system message (a provider caches that).
    const [system, user] = renderMessages(messages).map((message) => message.content);
    expect(system).not.toContain('Black');
    expect(user).toContain(
      'This product is a variant of "Oslo Oak Dining Chair", written at the same time as it; it differs in colour: Black (parent: Natural).',
    );
    expect(user).toContain('its page_title and heading must each name "Black".');
    expect(user).toContain('Its sibling variants (White, Grey) get copy of their own');
    expect(user!.indexOf('colour: Black')).toBeLessThan(user!.indexOf('must each name'));
  });

  it('sends the previous answer back with the problems for a repair', () => {
    const messages = buildMessages(DEFAULT_PROMPT_TEMPLATES, {
      ...input,
      repair: { previous: parentCopy, problems: ['page_title is 74 characters', 'alt_texts has 1 of 3'] },
    });

    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    // The pairs go back as the list the model answered, not as the field's JSON text.
    expect(messages[2]).toEqual({
      role: 'assistant',
      content: JSON.stringify({ ...parentCopy, questions_and_answers: [] }),
    });
    expect(messages[3]).toEqual({
      role: 'user',
      content: DEFAULT_PROMPT_TEMPLATES.repair,
      template_variables: { problems: 'page_title is 74 characters; alt_texts has 1 of 3' },
    });
  });

  it('states every field rule in the prompt text, and words keywords and image counts plainly', () => {
    const rendered = (settings: typeof input.settings, imageCount: number) =>
      renderMessages(buildMessages(DEFAULT_PROMPT_TEMPLATES, { ...input, settings, imageCount }))
        .map((message) => message.content)
        .join('\n');
    const none = rendered({ keywords: '', business_type: '', tone_of_voice: '' }, 1);
    expect(none).not.toMatch(/where they fit: ?\./);
    expect(none).toContain('(1 image, one alt text)');
    expect(none).not.toMatch(/\b1 images\b/);
    for (const rule of [
      'page_title: the page title, at most 60 characters',
      'meta_description: 120 to 155 characters',
      'heading: the H1 heading, at most 70 characters',
      'fact_sheet: plain text, one "Label: value" fact per line',
      'each at most 125 characters',
    ])
      expect(none).toContain(rule);
    const some = rendered({ keywords: 'oak chair', business_type: '', tone_of_voice: '' }, 3);
    expect(some).toContain('Work the primary keywords in naturally where they fit: oak chair.');
    expect(some).toContain('(3 images, one alt text each)');
    expect(rendered({ keywords: '', business_type: '', tone_of_voice: '' }, 0)).toContain('no images');
  });

  it('states the workflow language, banned phrases, protected terms and voice notes', () => {
    const [text, user] = renderMessages(
      buildMessages(DEFAULT_PROMPT_TEMPLATES, {
        ...input,
        voice: {
          language: 'de',
          bannedPhrases: ['best in class'],
          protectedTerms: ['Nordhaus'],
          voiceNotes: 'Short sentences, no exclamation marks.',
        },
        parent: {
          product: input.product,
          copy: input.parent?.copy ?? ({} as CopyFields),
          differences: ['colour: Black (parent: Oak)'],
        },
      }),
    ).map((message) => message.content);
    expect(text).toContain('Write in German (de)');
    expect(text).toContain('at most 60 characters');
    expect(text).toContain('Never use these phrases, in any case or form: "best in class".');
    expect(text).toContain(
      'write these exactly as given, never translated, respelled or recased: "Nordhaus"',
    );
    expect(text).toContain('Voice notes: Short sentences, no exclamation marks.');
    expect(user).toContain('its page_title and heading must each name "Black"');
  });

  it('keeps the shared part of every prompt byte-identical and first, and each product last', () => {
    const voice = { language: 'de', bannedPhrases: ['best in class'], protectedTerms: ['Nordhaus'] };
    const chair = renderMessages(buildMessages(DEFAULT_PROMPT_TEMPLATES, { ...input, voice }));
    const variant = renderMessages(
      buildMessages(DEFAULT_PROMPT_TEMPLATES, {
        ...input,
        voice,
        imageCount: 1,
        product: { product_name: 'Oslo Oak Dining Chair', colour: 'Black' },
        parent: { product: input.product, copy: null, differences: ['colour: Black'], siblings: ['White'] },
      }),
    );
    expect(variant[0]).toEqual(chair[0]);
    expect(chair.at(-1)!.content).toContain('Oslo');
    expect(chair[0]!.content).not.toContain('Oslo');
  });

  it('adds the field rules to a workflow template that leaves them out, without reading settings as templates', () => {
    const custom = { ...DEFAULT_PROMPT_TEMPLATES, system: 'You write copy.' };
    const text = renderMessages(
      buildMessages(custom, { ...input, voice: { bannedPhrases: ['{{keywords}}'] } }),
    )[0]!.content;
    expect(text).toContain('page_title: the page title, at most 60 characters');
    expect(text).toContain('"{{keywords}}"');
  });
});
