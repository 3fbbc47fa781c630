import { describe, expect, it } from 'vitest';
import type { CopyFields } from '../../leaves/ai/copy-writer';
import { writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { checkCopy } from './check-copy';

const facts = {
  product_name: 'Trail Jacket',
  brand: 'Fjellstad',
  material: 'nylon',
  description: 'A light shell for the hills, packed into its own pocket.',
};

const pairs = (...extra: { question: string; answer: string }[]) =>
  JSON.stringify([
    { question: 'What is the Trail Jacket?', answer: 'A light shell for the hills.' },
    { question: 'Which brand is it from?', answer: 'Brand: Fjellstad.' },
    { question: 'What is it made of?', answer: 'Material: nylon.' },
    ...extra,
  ]);

const copy = (questionsAndAnswers: string): CopyFields => ({
  page_title: 'Trail Jacket | Fjellstad',
  meta_description:
    'The Trail Jacket from Fjellstad: a light nylon shell for the hills that packs into its own pocket. See every detail on the product page.',
  heading: 'Trail Jacket',
  description: 'A light shell for the hills, packed into its own pocket.',
  fact_sheet: 'Brand: Fjellstad\nMaterial: nylon',
  questions_and_answers: questionsAndAnswers,
  alt_texts: ['Trail Jacket by Fjellstad'],
});

const onPairs = (text: string, data: Record<string, string> = facts) =>
  checkCopy(copy(text), data, 1).filter((problem) => problem.field.startsWith('questions_and_answers'));

describe('the questions-and-answers check', () => {
  it('passes pairs that ask and answer only what the data says', () => {
    expect(onPairs(pairs())).toEqual([]);
  });

  it('flags an answer that asserts what the data does not say, naming the pair and the claim', () => {
    const problems = onPairs(
      pairs({ question: 'Can I wear it in the rain?', answer: 'Yes, it is waterproof.' }),
    );
    expect(problems).toEqual([
      {
        field: 'questions_and_answers[3]',
        kind: 'invented_answer',
        message:
          'questions_and_answers[3] answers with "waterproof", which the product data does not say; ask and answer only what the product data states.',
      },
    ]);
  });

  it('flags a yes to a question the data cannot answer, the claim being in the question', () => {
    const problems = onPairs(pairs({ question: 'Is it waterproof?', answer: 'Yes.' }));
    expect(problems.map((problem) => [problem.field, problem.kind])).toEqual([
      ['questions_and_answers[3]', 'invented_answer'],
    ]);
    // "5 year" and "warranty", each its own claim.
    expect(
      onPairs(pairs({ question: 'Does it have a 5 year warranty?', answer: 'Yes.' })).map((p) => p.message),
    ).toEqual([
      'questions_and_answers[3] answers with "5 year", which the product data does not say; ask and answer only what the product data states.',
      'questions_and_answers[3] answers with "warranty", which the product data does not say; ask and answer only what the product data states.',
    ]);
  });

  it('lets the same answer stand when the data says it', () => {
    const waterproof = { ...facts, description: `${facts.description} Fully waterproof.` };
    expect(
      onPairs(pairs({ question: 'Is it waterproof?', answer: 'Yes, it is waterproof.' }), waterproof),
    ).toEqual([]);
  });

  it('holds the field to 3 to 5 pairs, each with its question and answer', () => {
    const two = JSON.stringify(JSON.parse(pairs()).slice(0, 2));
    expect(onPairs(two).map((problem) => problem.kind)).toEqual(['qa_count']);
    const six = pairs(...Array.from({ length: 3 }, () => ({ question: 'What is it?', answer: 'A jacket.' })));
    expect(onPairs(six)[0]?.message).toBe(
      'questions_and_answers has 6 pairs; it must have 3 to 5 questions, each with its answer.',
    );
    expect(onPairs(pairs({ question: 'Colour?', answer: ' ' })).map((problem) => problem.field)).toEqual([
      'questions_and_answers[3].answer',
    ]);
    expect(onPairs('not a list').map((problem) => problem.kind)).toEqual(['qa_count']);
  });

  it('reads each question and answer as copy: a banned phrase in an answer is found there', () => {
    const problems = checkCopy(copy(pairs()), facts, 1, { bannedPhrases: ['light shell'] });
    expect(problems.map((problem) => problem.field)).toContain('questions_and_answers[0].answer');
  });
});

describe('the built-in writer’s questions and answers', () => {
  const input = (product: Record<string, string>, language = 'en') => ({
    model: 'offline',
    product,
    imageCount: 1,
    settings: { keywords: '', business_type: '', tone_of_voice: '' },
    voice: { language },
  });

  it('asks one question per fact the data holds and passes its own check', () => {
    const written = writeOfflineCopy(input({ ...facts, dimensions: '60 x 40 cm', colour: 'Moss' })).copy;
    const asked = JSON.parse(written.questions_and_answers) as { question: string; answer: string }[];
    expect(asked.map((pair) => pair.question)).toEqual([
      'What is the Trail Jacket?',
      'Which brand is the Trail Jacket from?',
      'What is the Trail Jacket made of?',
      'What are the dimensions of the Trail Jacket?',
      'What colour is the Trail Jacket?',
    ]);
    expect(asked[3]?.answer).toBe('Dimensions: 60 x 40 cm.');
    expect(checkCopy(written, { ...facts, dimensions: '60 x 40 cm', colour: 'Moss' }, 1)).toEqual([]);
  });

  it('fills a product with only a name with what every product page answers, in the copy’s language', () => {
    const written = writeOfflineCopy(input({ product_name: 'Tasse' }, 'fr')).copy;
    const asked = JSON.parse(written.questions_and_answers) as { question: string; answer: string }[];
    expect(asked.map((pair) => pair.question)).toEqual([
      'Qu’est-ce que Tasse ?',
      'Où trouver tous les détails de Tasse ?',
      'Comment commander Tasse ?',
    ]);
    expect(
      checkCopy(written, { product_name: 'Tasse' }, 1, { language: 'fr' }).filter((problem) =>
        problem.field.startsWith('questions_and_answers'),
      ),
    ).toEqual([]);
  });
});
