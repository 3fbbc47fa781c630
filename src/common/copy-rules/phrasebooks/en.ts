// English: the built-in writer's original wording.
import { capitalise, ifBrand, listWith, type Phrasebook } from './phrasebook';

export const EN: Phrasebook = {
  language: 'en',
  nameCase: 'title',
  smallWords: ['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with'],
  withValues: (values) => ` in ${values}`,
  sizeValue: (size) => `size ${size}`,
  numberedValue: (name, value) => `${/size$/i.test(name) ? 'Size' : capitalise(name)} ${value}`,
  list: listWith('and'),
  metaLeads: [
    (name, values, brand) => `${name}${values}${ifBrand(brand, (b) => ` from ${b}`)}.`,
    (name, values, brand) =>
      `Meet the ${name}${values}${ifBrand(brand, (b) => ` by ${b}`)}, ready to order online.`,
    (name, values, brand) =>
      `Looking for the ${name}${values}? ${brand === '' ? 'Find it right here.' : `This one is from ${brand}.`}`,
    (name, values, brand) =>
      `Choose the ${name}${values}${ifBrand(brand, (b) => `, made by ${b}`)}, with every detail listed.`,
  ],
  metaClosings: [
    (name) => `Order the ${name} from our shop today.`,
    (name) => `Add the ${name} to your basket today.`,
    (name) => `Find the ${name} in our online shop.`,
    (name) => `See the ${name} and its options online.`,
  ],
  closing: (name, lively) => `Order the ${name} from our online shop today${lively ? '!' : '.'}`,
  padding: [
    'See the full product details and fact sheet on our site.',
    'Find out more on the product page.',
    'Browse the full range online.',
    'Add it to your basket today.',
    'Order online today.',
    'Discover it online.',
    'Shop now.',
  ],
  genericSentences: [
    'Every detail is listed on the product page.',
    'Check the photos and the fact sheet before you choose.',
    'Pick the option that suits you best.',
    'See every option side by side.',
    'Questions? Our team is happy to help.',
    'Your order is packed with care.',
    'Compare it with the rest of the range.',
    'Save it to your wish list for later.',
  ],
  shopKeyword: (keyword) => `Shop ${keyword} online.`,
  keywordPick: (keyword) => `A good pick if you are looking for ${keyword}.`,
  descriptionLead: (name, brand) => `The ${name}${ifBrand(brand, (b) => ` from ${b}`)}.`,
  availableIn: (name, values, isVariant) =>
    `${isVariant ? `This version of the ${name}` : `The ${name}`} is available in ${values}.`,
  rangeLine: (option, values) => `${capitalise(option)}: ${values}.`,
  material: (material) => `Material: ${material}.`,
  partOfRange: (range) => `It is part of the ${range} range.`,
  suitedTo: (useCase) => `Suited to ${useCase}.`,
  anotherVersion: 'another version',
  versionPrefix: (values) =>
    values === null ? 'This is another version. ' : `This is the version in ${values}. `,
  factLabels: {
    brand: 'Brand',
    colour: 'Colour',
    dimensions: 'Dimensions',
    size: 'Size',
    material: 'Material',
    range: 'Range',
    use_case: 'Use case',
  },
  altViews: [
    'another view',
    'a closer view',
    'seen from the side',
    'a detail',
    'seen from behind',
    'from above',
  ],
  altSettings: [
    'in daylight',
    'on a plain background',
    'in use',
    'up close',
    'from a distance',
    'at an angle',
  ],
  altBy: (brand) => ` by ${brand}`,
};
