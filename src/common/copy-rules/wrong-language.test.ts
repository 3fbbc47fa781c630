import { describe, expect, it } from 'vitest';
import { functionWordLanguage } from '../languages/function-words';
import { findUngroundedTokens } from './claims';
import { findWrongLanguage } from './wrong-language';

describe('wrong-language check', () => {
  it('flags English template words spliced around French copy', () => {
    const text = 'Meet the Pot Lotus in taille S by Paris Pousse, ready to order online.';
    expect(findWrongLanguage(text, 'fr', 'Pot Lotus')).toEqual({
      englishWords: ['meet', 'the', 'by', 'ready', 'order', 'online'],
    });
    expect(
      findWrongLanguage(
        'The Cadeira is available in Azul. Order it from our shop today.',
        'pt-BR',
        'Cadeira',
      ),
    ).not.toBeNull();
  });

  it('leaves French copy alone, and English words the product data uses itself', () => {
    expect(findWrongLanguage('Pot Lotus signé Paris Pousse, à commander en ligne.', 'fr', '')).toBeNull();
    expect(findWrongLanguage('Sweat The Original, disponible en noir.', 'fr', 'The Original')).toBeNull();
    expect(findWrongLanguage('Sweat Acme with Love.', 'fr', '', ['Acme with Love'])).toBeNull();
  });

  it('knows the English words German, Dutch and Italian use themselves', () => {
    expect(findWrongLanguage('Jetzt in unserem Shop online bestellen.', 'de', '')).toBeNull();
    expect(findWrongLanguage('Dit is een trui of een vest, online te bestellen.', 'nl', '')).toBeNull();
    expect(findWrongLanguage('Ordina online oggi stesso.', 'it', '')).toBeNull();
    expect(findWrongLanguage('Jetzt bestellen, the best hoodie.', 'de', '')).toEqual({
      englishWords: ['the'],
    });
  });

  it("reads a long field, or one sentence, in another language, the store's own sentences included", () => {
    expect(findWrongLanguage('Order the chair from our shop today.', 'en', '')).toBeNull();
    // A run's further language: English copy of a French product quoting the store's French sentence.
    const french = 'Les cartes cadeaux sont envoyées par email, avec votre message, dans la journée.';
    expect(findWrongLanguage(`A gift card for every occasion. ${french}`, 'en', french)).toEqual({
      readsAs: 'fr',
    });
    expect(
      findWrongLanguage('A gift card from the Paris shop, sent with your own message.', 'en', french),
    ).toBeNull();
    const german =
      'Dieser Kapuzenpullover aus Berlin ist weich und warm, und er passt zu jeder Jahreszeit in der Stadt und auf dem Land.';
    expect(findWrongLanguage(german, 'fr', 'Sweat')).toEqual({ readsAs: 'de' });
    // The store's own German sentences, kept as they are, are the store's.
    expect(findWrongLanguage(german, 'fr', german)).toBeNull();
  });

  it('reads only the copy’s own words: a long store name in a short question is the store’s', () => {
    // tinyld reads this name, and a question around it, as Serbian (0.94 sure), its data as Russian.
    const name = 'Комбинезон с оsтделкой из кружева с геометрическим узором slavno из кружева';
    const data = `${name}\nЭто пример товара\nМужская одежда`;
    expect(findWrongLanguage(`Какого цвета товар «${name}»?`, 'ru', data)).toBeNull();
    const german =
      'Dieser Kapuzenpullover aus Berlin ist weich und warm, und er passt zu jeder Jahreszeit in der Stadt und auf dem Land.';
    expect(findWrongLanguage(`${german} «${name}»`, 'ru', data)).toEqual({ readsAs: 'de' });
  });
});

describe('function-word language', () => {
  it('reads shop sentences by their function words, and short or Latin text as none', () => {
    expect(functionWordLanguage('Un bout de forêt dans votre salon, pour les amateurs de plantes.')).toBe(
      'fr',
    );
    expect(functionWordLanguage('Dein Viertel. Dein Statement. Mit dem Hoodie aus der Turmstraße.')).toBe(
      'de',
    );
    expect(functionWordLanguage('Una vela de soja para tu altar, con el aroma del cedro.')).toBe('es');
    expect(functionWordLanguage('Uma camiseta de algodão para o dia a dia, com o seu estilo.')).toBe('pt');
    expect(functionWordLanguage('Turquoise globe earrings on 14k gold hooks.')).toBeNull();
    expect(
      functionWordLanguage('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.'),
    ).toBeNull();
    // WooCommerce's sample products read together: "per" is Latin as much as Italian.
    expect(
      functionWordLanguage(
        'Class aptent taciti sociosqu ad litora torquent per conubia nostra, per inceptos himenaeos. Nulla per tempor.',
      ),
    ).toBeNull();
  });
});

describe('claim words in the copy’s language', () => {
  const ungrounded = (text: string, input = '') => findUngroundedTokens(text, groundedBy(input));
  it.each([
    ['Com garantia de 5 anos.', 'garantia'],
    ['Un pot fait main.', 'fait main'],
    ['Aus 100 % Baumwolle.', 'Baumwolle'],
    ['Сделано в Италии.', 'Сделано в Италии'],
    ['Футболка из хлопка.', 'хлопка'],
    ['Шерстяной шарф.', 'Шерстяной'],
    ['Водонепроницаемая куртка.', 'Водонепроницаемая'],
    ['Бесплатная доставка по всей стране.', 'Бесплатная доставка'],
    ['Гарантируем качество.', 'Гарантируем'],
    ['Fatto a mano in Toscana.', 'Fatto a mano'],
    ['Handgemaakt van eiken.', 'Handgemaakt'],
    ['Hecho en México, muy duradero.', 'Hecho en México'],
    ['Livraison gratuite.', 'Livraison gratuite'],
  ])('catches "%s" without the input saying it', (text, token) => {
    expect(ungrounded(text)).toContain(token);
  });

  it('grounds them by the same words in the input', () => {
    expect(ungrounded('Aus 100 % Baumwolle.', 'Material: 100 % Bio-Baumwolle')).toEqual([]);
    expect(ungrounded('Un pot fait main.', 'Pot fait main en terre cuite')).toEqual([]);
    // Another case of the same Russian word: "из хлопка" is grounded by "100 % хлопок".
    expect(ungrounded('Футболка из хлопка.', 'Состав: 100 % хлопок')).toEqual([]);
  });
});

import { collectGroundedKeys } from './claims';

const groundedBy = (input: string) => collectGroundedKeys({ description: input });
