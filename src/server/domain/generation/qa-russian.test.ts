// The built-in writer's Russian questions and answers: the grammar a writer without a dictionary can get
// right (the name only in the nominative, in quotes beside «товар», which takes the case; values listed, never
// counted; the store's units as written), no Latin letter of its own, and pairs that pass the whole check.
import { describe, expect, it } from 'vitest';
import { readQaPairs } from '../../../common/copy-fields/qa-pairs';
import { RU } from '../../../common/copy-rules/phrasebooks/ru';
import type { ProductFacts } from '../../leaves/ai/copy-writer';
import { writeOfflineCopy } from '../../leaves/ai/offline-writer';
import { checkCopy } from './check-copy';

const write = (product: ProductFacts, range?: { name: string; values: string[] }[]) =>
  writeOfflineCopy({
    model: 'offline',
    product,
    imageCount: 1,
    settings: { keywords: '', business_type: '', tone_of_voice: '' },
    voice: { language: 'ru' },
    ...(range ? { range } : {}),
  }).copy;

const pairsOf = (product: ProductFacts, range?: { name: string; values: string[] }[]) =>
  readQaPairs(write(product, range).questions_and_answers);

/** Latin letters the copy adds: the product's own words (a brand, "SLAVNO", sizes) may be in any alphabet. */
const latinWordsAdded = (text: string, product: ProductFacts) => {
  const own = new Set(
    Object.values(product)
      .join(' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [],
  );
  return (text.match(/\p{L}+/gu) ?? []).filter(
    (word) => /\p{Script=Latin}/u.test(word) && !own.has(word.toLowerCase()),
  );
};

const TSHIRT = {
  product_name: 'Футболка оверсайз',
  brand: 'Slavno',
  material: 'хлопок',
  dimensions: '70 × 52 см',
  colour: 'молочный',
  description: 'Свободная футболка из плотного трикотажа. Носится навыпуск.',
};

describe('the built-in writer’s Russian questions and answers', () => {
  it('asks one question per fact, the name in quotes after «товар» in the case the question needs', () => {
    const pairs = pairsOf(TSHIRT);
    expect(pairs.map((pair) => pair.question)).toEqual([
      'Что представляет собой товар «Футболка оверсайз»?',
      'Какой бренд выпускает товар «Футболка оверсайз»?',
      'Из какого материала сделан товар «Футболка оверсайз»?',
      'Какие габариты у товара «Футболка оверсайз»?',
      'Какого цвета товар «Футболка оверсайз»?',
    ]);
    expect(pairs.map((pair) => pair.answer)).toEqual([
      'Свободная футболка из плотного трикотажа.',
      'Бренд: Slavno.',
      'Материал: хлопок.',
      // The store's numbers and units as written: no number is spelt out, so none has to agree with its noun.
      'Габариты: 70 × 52 см.',
      'Цвет: молочный.',
    ]);
  });

  it('passes its own check, every field included, and adds no Latin word', () => {
    const copy = write(TSHIRT);
    expect(checkCopy(copy, TSHIRT, 1, { language: 'ru' })).toEqual([]);
    for (const pair of readQaPairs(copy.questions_and_answers))
      expect(latinWordsAdded(`${pair.question} ${pair.answer}`, TSHIRT), pair.question).toEqual([]);
  });

  it('lists a range’s values rather than counting them, under the store’s own option name', () => {
    const pairs = pairsOf({ product_name: 'Худи', description: 'Тёплое худи с капюшоном.' }, [
      { name: 'Размер', values: ['S', 'M', 'L'] },
      { name: 'цвет', values: ['серый', 'чёрный'] },
    ]);
    expect(pairs.slice(1)).toEqual([
      {
        question: 'Какие варианты параметра «Размер» есть у товара «Худи»?',
        answer: 'Размер на выбор: S, M и L.',
      },
      {
        question: 'Какие варианты параметра «Цвет» есть у товара «Худи»?',
        answer: 'Цвет на выбор: серый и чёрный.',
      },
    ]);
  });

  it('fills a product with only a name and a line with what every product page answers', () => {
    const product = { product_name: 'Товар 3', description: 'Это пример товара' };
    const copy = write(product);
    expect(readQaPairs(copy.questions_and_answers)).toEqual([
      { question: 'Что представляет собой товар «Товар 3»?', answer: 'Это пример товара.' },
      { question: 'Где найти все характеристики товара «Товар 3»?', answer: RU.qa.detailsAnswer },
      { question: 'Как заказать товар «Товар 3»?', answer: RU.closing('Товар 3', false) },
    ]);
    expect(
      checkCopy(copy, product, 1, { language: 'ru' }).filter((problem) =>
        problem.field.startsWith('questions_and_answers'),
      ),
    ).toEqual([]);
  });

  it('names a colour after «цвет», so no adjective has to agree with the name', () => {
    const copy = write({ product_name: 'Платье миди', colour: 'Синий', size: 'M' });
    expect(copy.heading).toBe('Платье миди, цвет синий, размер M');
    expect(copy.description).toContain('Исполнение: цвет синий, размер M.');
    expect(write({ product_name: 'Платье миди', colour: 'Navy' }).heading).toBe('Платье миди, цвет Navy');
  });

  it('recases a name the store wrote in capitals, prepositions small', () => {
    const questions = pairsOf({ product_name: 'КОМБИНЕЗОН С ОТДЕЛКОЙ ИЗ КРУЖЕВА' }).map(
      (pair) => pair.question,
    );
    expect(questions[0]).toBe('Что представляет собой товар «Комбинезон с отделкой из кружева»?');
  });
});
