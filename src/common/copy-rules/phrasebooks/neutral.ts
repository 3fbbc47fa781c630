// For a language with no phrasebook: no word of any language is added. The writer builds every field from the
// product's own name, values and sentences, joined by punctuation only; a further image's alt text says its
// place ("2/3"), which the check reads as a position, not a claim. Fact-sheet lines carry the value alone.
import { capitalise, ifBrand, type Phrasebook } from './phrasebook';

const none = () => '';

export const NEUTRAL: Phrasebook = {
  language: '',
  nameCase: 'keep',
  smallWords: [],
  withValues: (values) => ` – ${values}`,
  sizeValue: (size) => size,
  numberedValue: (name, value) => `${capitalise(name)} ${value}`,
  list: (items) => items.join(', '),
  metaLeads: [
    (name, values, brand) => `${name}${values}${ifBrand(brand, (b) => ` – ${b}`)}.`,
    (name, values, brand) => `${name}${ifBrand(brand, (b) => ` · ${b}`)}${values}.`,
    (name, values, brand) => `${brand === '' ? '' : `${brand}: `}${name}${values}.`,
    (name, values, brand) => `${name}${ifBrand(brand, (b) => ` (${b})`)}${values}.`,
  ],
  metaClosings: [none, none, none, none],
  closing: none,
  padding: [],
  genericSentences: [],
  shopKeyword: none,
  keywordPick: none,
  descriptionLead: (name, brand) => `${name}${ifBrand(brand, (b) => ` – ${b}`)}.`,
  availableIn: (_name, values) => `${capitalise(values)}.`,
  rangeLine: (option, values) => `${capitalise(option)}: ${values}.`,
  material: (material) => `${capitalise(material)}.`,
  partOfRange: (range) => `${capitalise(range)}.`,
  suitedTo: (useCase) => `${capitalise(useCase)}.`,
  anotherVersion: '',
  versionPrefix: (values) => (values === null ? '' : `${capitalise(values)}. `),
  factLabels: { brand: '', colour: '', dimensions: '', size: '', material: '', range: '', use_case: '' },
  altViews: [],
  altSettings: [],
  altBy: (brand) => ` – ${brand}`,
  // No words of its own: only a store option's own name asks for its values ("Größe?").
  qa: {
    whatIs: none,
    brand: none,
    material: none,
    dimensions: none,
    colour: none,
    size: none,
    choice: (_name, option) => `${capitalise(option)}?`,
    range: none,
    purpose: none,
    details: none,
    detailsAnswer: '',
    order: none,
  },
};
