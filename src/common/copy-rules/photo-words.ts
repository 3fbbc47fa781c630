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
