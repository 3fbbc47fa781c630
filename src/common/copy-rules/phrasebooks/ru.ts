// Russian. A product's name cannot be declined by a writer without a dictionary, and its gender is unknown, so
// the name only ever stands in the nominative: opening a sentence ("Комбинезон от Acme."), after a colon, or in
// quotes beside the word «товар», which takes the case instead ("Как заказать товар «…»?", "у товара «…»").
// Values are listed, never counted: a count would need the plural a number governs (2 размера, 5 размеров).
// Polite "вы" in lower case, as shop copy writes it; no word of English, not even in Cyrillic ("онлайн").
// Titles in sentence case.
import { capitalise, ifBrand, listWith, type Phrasebook } from './phrasebook';

/** The product's name beside «товар», which carries the case the sentence needs. */
const quoted = (name: string) => `«${name}»`;

export const RU: Phrasebook = {
  language: 'ru',
  nameCase: 'sentence',
  // Prepositions, conjunctions and particles: a name in capitals keeps them small, and these short words
  // would otherwise stay in capitals as codes ("С", "ИЗ").
  smallWords: [
    'а',
    'без',
    'в',
    'во',
    'для',
    'до',
    'за',
    'и',
    'из',
    'или',
    'к',
    'ко',
    'на',
    'не',
    'о',
    'об',
    'от',
    'по',
    'под',
    'при',
    'с',
    'со',
    'у',
  ],
  withValues: (values) => `, ${values}`,
  sizeValue: (size) => `размер ${size}`,
  // A Russian colour word in lower case after «цвет»; a store's own colour name in Latin letters ("Navy") as written.
  colourValue: (colour) => `цвет ${/^\p{Script=Cyrillic}/u.test(colour) ? colour.toLowerCase() : colour}`,
  numberedValue: (name, value) => `${capitalise(name)} ${value}`,
  list: listWith('и'),
  metaLeads: [
    (name, values, brand) => `${name}${values}${ifBrand(brand, (b) => ` от ${b}`)}.`,
    (name, values, brand) =>
      `${name}${values}${ifBrand(brand, (b) => `, бренд ${b}`)} — закажите в нашем интернет-магазине.`,
    (name, values, brand) => `${brand === '' ? 'В нашем каталоге' : `Бренд ${brand}`}: ${name}${values}.`,
    (name, values, brand) =>
      `${name}${values}${ifBrand(brand, (b) => ` от ${b}`)}: все подробности на одной странице.`,
  ],
  metaClosings: [
    () => 'Оформите заказ в нашем магазине уже сегодня.',
    () => 'Добавьте товар в корзину прямо сейчас.',
    () => 'Смотрите в нашем интернет-магазине.',
    () => 'Все варианты — на странице товара.',
  ],
  closing: (_name, lively) => `Закажите в нашем интернет-магазине уже сегодня${lively ? '!' : '.'}`,
  padding: [
    'Все характеристики и подробное описание — на нашем сайте.',
    'Подробнее — на странице товара.',
    'Весь ассортимент — в нашем интернет-магазине.',
    'Заказать можно прямо на сайте.',
    'Загляните в наш каталог.',
    'Приятных покупок!',
    // Cyrillic is wide: Google's 920 pixels end near 128 letters, so the last pad is short.
    'Ждём вас!',
  ],
  genericSentences: [
    'Все подробности указаны на странице товара.',
    'Перед выбором посмотрите фотографии и характеристики.',
    'Выберите вариант, который подходит именно вам.',
    'Сравните все варианты между собой.',
    'Остались вопросы? Мы с радостью поможем.',
    'Мы бережно упакуем ваш заказ.',
    'Загляните и в другие разделы каталога.',
    'Добавьте в избранное, чтобы вернуться позже.',
  ],
  shopKeyword: (keyword) => `В нашем каталоге: ${keyword}.`,
  keywordPick: (keyword) => `Хороший выбор по запросу «${keyword}».`,
  descriptionLead: (name, brand) => `${name}${ifBrand(brand, (b) => ` от ${b}`)}.`,
  availableIn: (_name, values, isVariant) =>
    isVariant ? `Этот вариант: ${values}.` : `Исполнение: ${values}.`,
  rangeLine: (option, values) => `${capitalise(option)} на выбор: ${values}.`,
  material: (material) => `Материал: ${material}.`,
  partOfRange: (range) => `Коллекция: ${range}.`,
  suitedTo: (useCase) => `Назначение: ${useCase}.`,
  anotherVersion: 'другой вариант',
  versionPrefix: (values) => (values === null ? 'Это другой вариант товара. ' : `Это вариант: ${values}. `),
  factLabels: {
    brand: 'Бренд',
    colour: 'Цвет',
    dimensions: 'Габариты',
    size: 'Размер',
    material: 'Материал',
    range: 'Коллекция',
    use_case: 'Назначение',
  },
  altViews: ['другой ракурс', 'крупный план', 'вид сбоку', 'деталь', 'вид сзади', 'вид сверху'],
  altSettings: [
    'при дневном свете',
    'на однотонном фоне',
    'в использовании',
    'вблизи',
    'издалека',
    'под углом',
  ],
  altBy: (brand) => ` от ${brand}`,
  qa: {
    whatIs: (name) => `Что представляет собой товар ${quoted(name)}?`,
    brand: (name) => `Какой бренд выпускает товар ${quoted(name)}?`,
    material: (name) => `Из какого материала сделан товар ${quoted(name)}?`,
    dimensions: (name) => `Какие габариты у товара ${quoted(name)}?`,
    colour: (name) => `Какого цвета товар ${quoted(name)}?`,
    size: (name) => `Какой размер у товара ${quoted(name)}?`,
    // The store's option name stays as written, in quotes: declining it ("размеры", "цвета") needs its gender.
    choice: (name, option) =>
      `Какие варианты параметра «${capitalise(option)}» есть у товара ${quoted(name)}?`,
    range: (name) => `К какой коллекции относится товар ${quoted(name)}?`,
    purpose: (name) => `Для чего подходит товар ${quoted(name)}?`,
    details: (name) => `Где найти все характеристики товара ${quoted(name)}?`,
    detailsAnswer: 'Все подробности и характеристики указаны на этой странице товара.',
    order: (name) => `Как заказать товар ${quoted(name)}?`,
  },
};
