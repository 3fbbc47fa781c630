import { describe, expect, it } from 'vitest';
import { checkMetaDescription, checkPageTitle } from '../../../common/copy-rules/seo-checks';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import { checkCopy, describeProblems, fitCopyToLimits } from './check-copy';

const facts = {
  product_name: 'Yellow Wool Jumper',
  brand: 'partners-demo',
  description:
    'Knitted jumper in a soft wool blend, 1,200 stitches, 100% recycled, 32" long, 2-pack, two cuffs.',
  dimensions: '5 kg',
};

const meta =
  'Knitted yellow jumper in a soft wool blend with low dropped shoulders and wide sleeves. Keeps you warm all autumn long, from partners-demo.';

const goodCopy = (): CopyFields => ({
  page_title: 'Yellow Wool Jumper | partners-demo',
  meta_description: meta,
  heading: 'Yellow Wool Jumper',
  description: 'A knitted jumper in a soft wool blend.',
  fact_sheet: 'Brand: partners-demo\nDimensions: 5 kg',
  questions_and_answers: JSON.stringify([
    { question: 'What is the Yellow Wool Jumper?', answer: 'A knitted jumper in a soft wool blend.' },
    { question: 'Which brand is it from?', answer: 'Brand: partners-demo.' },
    { question: 'How heavy is it?', answer: 'Dimensions: 5 kg.' },
  ]),
  alt_texts: ['Yellow Wool Jumper, image 1 of 2', 'Yellow Wool Jumper, image 2 of 2'],
});

describe('checkCopy', () => {
  it('accepts copy within the limits that claims only input facts', () => {
    expect(meta.length).toBeGreaterThanOrEqual(120);
    expect(checkCopy(goodCopy(), facts, 2)).toEqual([]);
  });

  it('flags an alt text that opens with "image of" or "picture of", in English, French and German', () => {
    const opening = (alt: string) =>
      checkCopy({ ...goodCopy(), alt_texts: [alt, 'Yellow Wool Jumper, image 2 of 2'] }, facts, 2).map(
        (problem) => problem.kind,
      );
    expect(opening('Image of a Yellow Wool Jumper')).toEqual(['alt_text_opening']);
    expect(opening('A picture of the Yellow Wool Jumper')).toEqual(['alt_text_opening']);
    expect(opening("Photo d'un Yellow Wool Jumper")).toContain('alt_text_opening');
    expect(opening('Yellow Wool Jumper, image of the cuff')).toEqual([]);
  });

  it('names each field that breaks a length limit, with its length and the limit', () => {
    const copy = {
      ...goodCopy(),
      page_title: 'x'.repeat(61),
      meta_description: `${'y'.repeat(97)}.`,
      heading: 'z'.repeat(71),
      alt_texts: ['a'.repeat(126), 'ok'],
    };
    expect(describeProblems(checkCopy(copy, facts, 2))).toEqual([
      'page_title is 61 characters; it must be at most 60.',
      'meta_description is 98 characters; it must be 120–155.',
      'heading is 71 characters; it must be at most 70.',
      'alt_texts[0] is 126 characters; it must be at most 125.',
    ]);
    expect(checkCopy({ ...goodCopy(), meta_description: `${'y'.repeat(155)}.` }, facts, 2)).toEqual([
      {
        field: 'meta_description',
        kind: 'too_long',
        message: 'meta_description is 156 characters; it must be 120–155.',
      },
    ]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkCopy({ ...goodCopy(), heading: '👕'.repeat(70) }, facts, 2)).toEqual([]);
    expect(checkCopy({ ...goodCopy(), heading: '👕'.repeat(71) }, facts, 2)).toHaveLength(1);
  });

  it('reports empty required fields and a wrong number of alt texts', () => {
    const copy = { ...goodCopy(), heading: '  ', description: '', alt_texts: [''] };
    expect(describeProblems(checkCopy(copy, facts, 2))).toEqual([
      'heading is empty; it is required.',
      'description is empty; it is required.',
      'alt_texts has 1 entry; it must have 2, one per image.',
      'alt_texts[0] is empty; it is required.',
    ]);
    expect(checkCopy({ ...goodCopy(), fact_sheet: '' }, facts, 2)).toEqual([]);
  });

  it('reports numbers and materials the input lacks, naming the field and the token', () => {
    const copy = {
      ...goodCopy(),
      heading: 'Yellow Cashmere Jumper',
      description: 'A 3-pack of jumpers in wool and silk, 500 g each, with four buttons.',
    };
    expect(describeProblems(checkCopy(copy, facts, 2))).toEqual([
      'heading mentions "Cashmere", which is not in the product data.',
      'description mentions "3-pack", which is not in the product data.',
      'description mentions "silk", which is not in the product data.',
      'description mentions "500 g", which is not in the product data.',
      'description mentions "four buttons", which is not in the product data.',
    ]);
  });

  it('matches numbers by value and materials by their forms, ignoring case', () => {
    const copy = {
      ...goodCopy(),
      description: 'Over 1200 stitches, 100 % recycled, 32 inches long, 5kg, a 2 pack with 2 cuffs. WOOLLEN.',
    };
    expect(checkCopy(copy, facts, 2)).toEqual([]);
    const wooden = { product_name: 'Table', description: 'Wooden table with aluminum legs.' };
    const tableCopy = { ...goodCopy(), description: 'A wood table with aluminium legs.', alt_texts: [] };
    expect(
      checkCopy({ ...tableCopy, page_title: 'Table', heading: 'Table', fact_sheet: '' }, wooden, 0),
    ).toEqual(expect.not.arrayContaining([expect.objectContaining({ field: 'description' })]));
  });

  it('allows "image N of M" in alt texts only when M is the image count', () => {
    const copy = {
      ...goodCopy(),
      alt_texts: ['Jumper, image 1 of 3', 'Jumper, image 2 of 3', 'Jumper, image 3 of 3'],
    };
    expect(checkCopy(copy, facts, 3)).toEqual([]);
    expect(describeProblems(checkCopy(copy, facts, 4))).toContain(
      'alt_texts[0] mentions "3", which is not in the product data.',
    );
    expect(describeProblems(checkCopy({ ...goodCopy(), heading: 'Jumper, image 1 of 2' }, facts, 2))).toEqual(
      ['heading mentions "1", which is not in the product data.'],
    );
  });
});

describe('fitCopyToLimits', () => {
  it('cuts every over-long field and lists the fields it cut', () => {
    const long = 'word '.repeat(40).trim();
    const { copy, cutFields } = fitCopyToLimits({ ...goodCopy(), page_title: long, alt_texts: ['ok', long] });
    expect(cutFields).toEqual(['page_title', 'alt_texts[1]']);
    expect(copy.page_title).toBe('word '.repeat(12).trim());
    expect(copy.alt_texts[1]!.length).toBeLessThanOrEqual(125);
    expect(copy.alt_texts[0]).toBe('ok');
    expect(copy.meta_description).toBe(meta);
  });

  it('measures titles and meta descriptions in pixels as the screen does', () => {
    const wideMeta = `${'WIDE CAPITALS '.repeat(10).trim()}.`;
    expect(checkMetaDescription(wideMeta)).not.toBeNull();
    const problems = checkCopy(
      { ...goodCopy(), page_title: 'W'.repeat(40), meta_description: wideMeta },
      facts,
      2,
    );
    expect(problems.map((p) => [p.field, p.kind])).toEqual([
      ['page_title', 'too_wide'],
      ['meta_description', 'too_wide'],
    ]);
    expect(problems[0]!.message).toMatch(/^page_title is about \d+ px wide; Google cuts titles near 600 px/);
    const { copy } = fitCopyToLimits({
      ...goodCopy(),
      page_title: 'W'.repeat(40),
      meta_description: wideMeta,
    });
    expect(checkPageTitle(copy.page_title)).toBeNull();
    expect(checkMetaDescription(copy.meta_description) ?? '').not.toMatch(/px wide/);
  });

  it('refuses an invented guarantee even when its number is elsewhere in the input', () => {
    const boxed = { product_name: 'Storage Box', dimensions: '10 × 8 × 3 in' };
    const copy = { ...goodCopy(), description: 'A storage box. Backed by a 3 year warranty.' };
    expect(describeProblems(checkCopy(copy, boxed, 2)).filter((m) => m.startsWith('description'))).toEqual([
      'description mentions "3 year", which is not in the product data.',
      'description mentions "warranty", which is not in the product data.',
    ]);
  });

  it('asks a variant to name the values that set it apart, in its title and heading', () => {
    const variant = { ...facts, colour: 'Silver' };
    const unnamed = checkCopy(goodCopy(), variant, 2, { variantValues: ['Silver'] });
    expect(describeProblems(unnamed)).toEqual([
      'page_title does not name what sets this variant apart from its parent: "Silver".',
      'heading does not name what sets this variant apart from its parent: "Silver".',
    ]);
    const named = {
      ...goodCopy(),
      page_title: 'Yellow Wool Jumper – silver | partners-demo',
      heading: 'Yellow Wool Jumper in Silver',
    };
    expect(checkCopy(named, variant, 2, { variantValues: ['Silver'] })).toEqual([]);
  });

  it('finds banned phrases as whole phrases in any case', () => {
    const copy = { ...goodCopy(), description: 'Best In Class knitting. A bestinclass look.' };
    expect(
      describeProblems(checkCopy(copy, facts, 2, { bannedPhrases: ['best in class', 'cheap'] })),
    ).toEqual(['description contains the banned phrase "best in class"; leave it out entirely.']);
  });

  it('refuses a near miss of a protected term, by case or by one letter', () => {
    const rules = { protectedTerms: ['partners-demo', 'Merino Loft'] };
    expect(checkCopy(goodCopy(), facts, 2, rules)).toEqual([]);
    const copy = {
      ...goodCopy(),
      heading: 'Yellow Wool Jumper by Partners-Demo',
      description: 'A merino lofts knit.',
    };
    expect(describeProblems(checkCopy(copy, { ...facts, material: 'merino' }, 2, rules))).toEqual([
      'heading writes "Partners-Demo" where the protected term "partners-demo" belongs; write it exactly as "partners-demo".',
      'description writes "merino lofts" where the protected term "Merino Loft" belongs; write it exactly as "Merino Loft".',
    ]);
  });

  it('grounds a translated noun by its number in copy in another language, but still checks units and guarantees', () => {
    const boxed = {
      product_name: 'Storage Box',
      description: 'Holds 3 years of receipts.',
      dimensions: '45 cm',
    };
    const german = {
      ...goodCopy(),
      description: 'Fasst Belege aus 3 Jahren. 45 cm breit. 45 kg schwer. Mit Garantie.',
    };
    expect(
      describeProblems(checkCopy(german, boxed, 2, { language: 'de' })).filter((m) =>
        m.startsWith('description'),
      ),
    ).toEqual([
      'description mentions "45 kg", which is not in the product data.',
      'description mentions "Garantie", which is not in the product data.',
    ]);
    expect(
      describeProblems(checkCopy(german, boxed, 2)).filter((m) => m.startsWith('description')),
    ).toContain('description mentions "3 Jahren", which is not in the product data.');
  });
});

describe('checkCopy: broken text', () => {
  // The broken-text problems only: a changed text may also be a little too wide, which is another check's.
  const kinds = (copy: CopyFields, product: Record<string, string> = facts) =>
    checkCopy(copy, product, 2)
      .filter((problem) => ['artefact', 'cut_off', 'copied_label'].includes(problem.kind))
      .map((problem) => [problem.field, problem.kind]);

  it('finds an artefact a bug leaves, unless the product data says it', () => {
    const broken = {
      ...goodCopy(),
      meta_description: meta.replace('all autumn long', 'undefined undefined'),
    };
    expect(kinds(broken)).toEqual([['meta_description', 'artefact']]);
    expect(kinds({ ...goodCopy(), heading: 'Yellow Wool Jumper {{colour}}' })).toEqual([
      ['heading', 'artefact'],
    ]);
    expect(kinds(broken, { ...facts, description: 'Model: undefined edition.' })).toEqual([]);
  });

  it('finds a sentence field cut mid-phrase and a title ending on a connector', () => {
    expect(
      kinds({
        ...goodCopy(),
        meta_description: meta.replace(', from partners-demo.', '. Questions? Our team answers'),
      }),
    ).toEqual([['meta_description', 'cut_off']]);
    expect(kinds({ ...goodCopy(), page_title: 'Yellow Wool Jumper with' })).toEqual([
      ['page_title', 'cut_off'],
    ]);
    expect(kinds({ ...goodCopy(), heading: 'Yellow Wool Jumper –' })).toEqual([['heading', 'cut_off']]);
    // A list ends a description; a letter that is a name ends a title.
    expect(kinds({ ...goodCopy(), description: 'A knitted jumper:\n- soft wool\n- two cuffs' })).toEqual([]);
    expect(kinds({ ...goodCopy(), page_title: 'Yellow Wool Jumper Size A' })).toEqual([]);
  });

  it("finds a field that opens with the store's own heading or question, not its name", () => {
    const product = {
      ...facts,
      description:
        '<h3>How do I choose the right size?</h3><p>Take your usual size.</p><h2>Yellow Wool Jumper</h2>',
    };
    const copied = {
      ...goodCopy(),
      meta_description: `How do I choose the right size? ${meta}`.slice(0, 150).replace(/\s\S*$/, '.'),
    };
    expect(kinds(copied, product)).toEqual([['meta_description', 'copied_label']]);
    expect(kinds(goodCopy(), product)).toEqual([]);
  });
});
