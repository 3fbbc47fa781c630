import { describe, expect, it } from 'vitest';
import { optionPropertyOf, optionValueOf } from './option-names';

describe('optionPropertyOf', () => {
  it.each([
    ['Size', 'size'],
    ['Ring size', 'size'],
    ['Shoe Size', 'size'],
    ['Tamanho', 'size'],
    ['Taille', 'size'],
    ['Größe', 'size'],
    ['GRÖSSE', 'size'],
    ['Talla', 'size'],
    ['Taglia', 'size'],
    ['Maat', 'size'],
    ['Размер', 'size'],
    ['Rozmiar', 'size'],
    ['サイズ', 'size'],
    ['尺码', 'size'],
    ['Color', 'color'],
    ['Colour', 'color'],
    ['Cor', 'color'],
    ['Couleur', 'color'],
    ['Farbe', 'color'],
    ['Colore', 'color'],
    ['Kleur', 'color'],
    ['Цвет', 'color'],
    ['Frame colour', 'color'],
    ['颜色', 'color'],
    ['Material', 'material'],
    ['Matière', 'material'],
    ['Материал', 'material'],
    ['Pattern', 'pattern'],
    ['Muster', 'pattern'],
    ['Motif', 'pattern'],
  ])('reads %j as %s', (name, property) => {
    expect(optionPropertyOf(name)).toBe(property);
  });

  it.each(['Title', 'Logo', 'Scent', 'MODELOS', 'Nennwerte', 'Corte', 'Sizing guide?'])(
    'reads %j as no property',
    (name) => {
      expect(optionPropertyOf(name)).toBeNull();
    },
  );

  it('finds the value of a property among options named in any language', () => {
    const options = [
      { name: 'Cor', value: 'Azul' },
      { name: 'Tamanho', value: 'M' },
    ];
    expect(optionValueOf(options, 'size')).toBe('M');
    expect(optionValueOf(options, 'color')).toBe('Azul');
    expect(optionValueOf(options, 'pattern')).toBe('');
  });
});
