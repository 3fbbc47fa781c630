import { describe, expect, it } from 'vitest';
import type { PhotoFact } from '../../../common/contract/entities';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import { readSeenFacts } from '../../leaves/ai/photo-facts-answer';
import { checkCopy } from './check-copy';
import { photoContradictions, unacceptedPhotoFactProblems } from './photo-fact-problems';
import { mergeSeenFacts } from './photo-facts';

const fact = (name: string, value: string, accepted = false): PhotoFact => ({
  name,
  value,
  from_image: true,
  accepted,
});

const copy = (description: string): CopyFields => ({
  page_title: 'Stone Mug | Forma',
  meta_description: '',
  heading: 'Stone Mug',
  description,
  fact_sheet: '',
  questions_and_answers: '[]',
  alt_texts: ['Stone Mug in red, front view'],
});

const facts = { product_name: 'Stone Mug', brand: 'Forma' };

describe('photo facts in the copy check', () => {
  it('catches a colour only the photo shows in any language the phrasebooks know, never in alt text', () => {
    const seen = [{ position: 0, facts: [fact('colour', 'red')] }];
    const problems = (text: string) =>
      unacceptedPhotoFactProblems(copy(text), facts, seen, COPY_FIELD_REGISTRY).map((p) => p.message);
    expect(problems('A mug in red.')).toEqual([
      'description says "red", which only the photo shows (image 1: colour red); a reviewer has not accepted it, so leave it out or accept the photo fact.',
    ]);
    expect(problems('Une tasse rouge.')[0]).toContain('"rouge"');
    expect(problems('Eine Tasse in Rot.')[0]).toContain('"Rot"');
    expect(problems('A mug in blue.')).toEqual([]);
    // The product's data saying it grounds it, whoever saw it.
    const withColour = { ...facts, colour: 'Rouge' };
    expect(unacceptedPhotoFactProblems(copy('Red.'), withColour, seen, COPY_FIELD_REGISTRY)).toEqual([]);
  });

  it('reads an accepted fact as product data: a material seen and accepted is no longer a claim', () => {
    const text = copy('A mug of oak and red glaze.');
    const codes = (accepted: boolean) =>
      checkCopy(text, facts, 1, {
        photoFacts: [
          { position: 0, facts: [fact('material', 'oak', accepted), fact('colour', 'red', accepted)] },
        ],
      }).map((p) => p.kind);
    expect(codes(false)).toEqual(expect.arrayContaining(['photo_fact', 'ungrounded']));
    expect(codes(true)).not.toContain('photo_fact');
    expect(codes(true)).not.toContain('ungrounded');
  });

  it('flags a photo whose colour is not the one a variant names, in other languages too', () => {
    const blue = [{ position: 0, facts: [fact('colour', 'blue'), fact('background', 'white')] }];
    expect(photoContradictions({}, ['Red'], blue).map((p) => [p.field, p.message])).toEqual([
      [
        'alt_texts[0]',
        'The photo of variant "Red" (image 1) shows blue, not red; check the photo or the product data.',
      ],
    ]);
    expect(photoContradictions({}, ['Rot'], blue)).toHaveLength(1);
    expect(photoContradictions({}, ['Bleu'], blue)).toEqual([]);
    // A white background says nothing of a white variant's colour; nor does a size.
    expect(photoContradictions({}, ['White'], blue)).toHaveLength(1);
    expect(photoContradictions({}, ['Large'], blue)).toEqual([]);
  });
});

describe('facts as the model answers them', () => {
  const photos = {
    detail: 'low' as const,
    photos: [0, 1].map((position) => ({ imageId: 1, position, dataUrl: '', width: 1, height: 1 })),
  };

  it('keeps facts of attached photos only, once each, and keeps a reviewer’s acceptance of the same fact', () => {
    const seen = readSeenFacts(
      {
        photo_facts: [
          { image: 1, name: 'Colour', value: 'red' },
          { image: 1, name: 'colour', value: 'red' },
          { image: 3, name: 'colour', value: 'blue' },
          { image: 2, name: 'pattern', value: ' ' },
        ],
      },
      photos,
    );
    expect(seen).toEqual([{ position: 0, name: 'colour', value: 'red' }]);
    const before = [{ position: 0, facts: [fact('colour', 'red', true), fact('shape', 'round', true)] }];
    expect(mergeSeenFacts(before, seen, [0, 1])).toEqual([
      { position: 0, facts: [fact('colour', 'red', true)] },
      { position: 1, facts: [] },
    ]);
    expect(readSeenFacts({ alt_texts: [] }, photos)).toEqual([]);
  });
});
