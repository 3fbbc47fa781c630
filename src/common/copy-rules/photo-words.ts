// What the built-in writer may say about a photo from its pixels alone, per language: the name of its main
// colour and that it stands on a white background. Said only in alt text, which describes the photo; never in
// other copy, where a colour read from pixels would be a claim the product's data does not make.
import { primaryLanguage } from '../languages/detect-language';

/** The colour names the pixel reading gives, from hue, lightness and saturation. */
export const PHOTO_COLOURS = [
  'red',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'pink',
  'brown',
  'black',
  'white',
  'grey',
] as const;
export type PhotoColour = (typeof PHOTO_COLOURS)[number];

export type PhotoWords = {
  colours: Readonly<Record<PhotoColour, string>>;
  /** The photo's main colour after the name: ", in red". */
  inColour: (colour: string) => string;
  /** ", on a white background". */
  onWhite: string;
};

const words = (
  names: readonly string[],
  inColour: (colour: string) => string,
  onWhite: string,
): PhotoWords => ({
  colours: Object.fromEntries(PHOTO_COLOURS.map((colour, i) => [colour, names[i]!])) as Record<
    PhotoColour,
    string
  >,
  inColour,
  onWhite,
});

// French "couleur rouge" and Dutch "in het rood" read the same whatever the product's noun's gender.
const BOOKS: Readonly<Record<string, PhotoWords>> = {
  en: words(
    ['red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown', 'black', 'white', 'grey'],
    (c) => `, in ${c}`,
    ', on a white background',
  ),
  fr: words(
    ['rouge', 'orange', 'jaune', 'vert', 'bleu', 'violet', 'rose', 'marron', 'noir', 'blanc', 'gris'],
    (c) => `, couleur ${c}`,
    ', sur fond blanc',
  ),
  de: words(
    ['Rot', 'Orange', 'Gelb', 'Grün', 'Blau', 'Lila', 'Rosa', 'Braun', 'Schwarz', 'Weiß', 'Grau'],
    (c) => `, in ${c}`,
    ', auf weißem Hintergrund',
  ),
  es: words(
    ['rojo', 'naranja', 'amarillo', 'verde', 'azul', 'morado', 'rosa', 'marrón', 'negro', 'blanco', 'gris'],
    (c) => `, en ${c}`,
    ', sobre fondo blanco',
  ),
  it: words(
    ['rosso', 'arancione', 'giallo', 'verde', 'blu', 'viola', 'rosa', 'marrone', 'nero', 'bianco', 'grigio'],
    (c) => `, in ${c}`,
    ', su sfondo bianco',
  ),
  nl: words(
    ['rood', 'oranje', 'geel', 'groen', 'blauw', 'paars', 'roze', 'bruin', 'zwart', 'wit', 'grijs'],
    (c) => `, in het ${c}`,
    ', op een witte achtergrond',
  ),
  pt: words(
    [
      'vermelho',
      'laranja',
      'amarelo',
      'verde',
      'azul',
      'roxo',
      'rosa',
      'castanho',
      'preto',
      'branco',
      'cinzento',
    ],
    (c) => `, em ${c}`,
    ', em fundo branco',
  ),
};

/** The photo words of a copy language; none for a language without them (the pixels then add nothing). */
export function photoWordsFor(language: string | null | undefined): PhotoWords | null {
  return BOOKS[primaryLanguage(language ?? '') || 'en'] ?? null;
}

// Forms a colour takes beside the phrasebooks' own (a feminine or plural adjective, a second spelling), so a
// variant named "Rossa" or "Blaue" is read as the colour it names.
const MORE_FORMS: Readonly<Record<string, PhotoColour>> = {
  gray: 'grey',
  violet: 'purple',
  verte: 'green',
  noire: 'black',
  blanche: 'white',
  violette: 'purple',
  grise: 'grey',
  roja: 'red',
  amarilla: 'yellow',
  negra: 'black',
  blanca: 'white',
  morada: 'purple',
  rossa: 'red',
  gialla: 'yellow',
  nera: 'black',
  bianca: 'white',
  grigia: 'grey',
  vermelha: 'red',
  amarela: 'yellow',
  preta: 'black',
  branca: 'white',
  roxa: 'purple',
  cinzenta: 'grey',
  cinza: 'grey',
  marrom: 'brown',
  rote: 'red',
  roter: 'red',
  blaue: 'blue',
  blauer: 'blue',
  grüne: 'green',
  schwarze: 'black',
  weiße: 'white',
  gelbe: 'yellow',
  graue: 'grey',
  rode: 'red',
  blauwe: 'blue',
  groene: 'green',
  zwarte: 'black',
  witte: 'white',
  gele: 'yellow',
  grijze: 'grey',
};

const COLOUR_OF_WORD: ReadonlyMap<string, PhotoColour> = new Map([
  ...Object.values(BOOKS).flatMap((book) =>
    PHOTO_COLOURS.map((colour) => [book.colours[colour].toLowerCase(), colour] as const),
  ),
  ...PHOTO_COLOURS.map((colour) => [colour, colour] as const),
  ...Object.entries(MORE_FORMS),
]);

/** The colour a word names in any of the phrasebooks' languages ("Rouge", "blau", "rossa"), or null. */
export function colourNamed(word: string): PhotoColour | null {
  return COLOUR_OF_WORD.get(word.trim().toLowerCase()) ?? null;
}

/** Every colour word in a text, as written and as the colour it names, in order. */
export function colourWordsIn(text: string): Array<{ written: string; colour: PhotoColour }> {
  const found: Array<{ written: string; colour: PhotoColour }> = [];
  for (const match of text.matchAll(/\p{L}+/gu)) {
    const colour = colourNamed(match[0]);
    if (colour) found.push({ written: match[0], colour });
  }
  return found;
}
