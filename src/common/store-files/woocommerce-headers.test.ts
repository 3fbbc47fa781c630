import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDelimitedText, prepareImport } from './product-import';
import { translateWooCommerceHeaders } from './woocommerce-headers';

const fixture = (name: string) =>
  prepareImport(
    parseDelimitedText(readFileSync(new URL(`../../../tests/fixtures/${name}`, import.meta.url), 'utf8'))
      .rows,
  );

describe('translateWooCommerceHeaders', () => {
  it('reads the Russian, German and French exporter names as the English ones', () => {
    expect(
      translateWooCommerceHeaders([
        'ID',
        'Тип',
        'Артикул',
        'Имя',
        'Родительский',
        'Название атрибута 1',
        'Значения атрибутов 1',
      ]),
    ).toEqual({
      headers: ['ID', 'Type', 'SKU', 'Name', 'Parent', 'Attribute 1 name', 'Attribute 1 value(s)'],
      language: 'ru',
    });
    expect(
      translateWooCommerceHeaders([
        'Typ',
        'Name',
        'Übergeordnetes Produkt',
        'Gewicht (kg)',
        'Attribut 2 Wert(e)',
      ]).headers,
    ).toEqual(['Type', 'Name', 'Parent', 'Weight (kg)', 'Attribute 2 value(s)']);
    expect(
      translateWooCommerceHeaders([
        'ID',
        '',
        'UGS',
        'Nom',
        'Nom de l’attribut 1',
        'Valeur(s) de l’attribut 1 ',
        'Méta : _yoast_wpseo_title',
      ]),
    ).toEqual({
      headers: [
        'ID',
        'Type',
        'SKU',
        'Name',
        'Attribute 1 name',
        'Attribute 1 value(s)',
        'Meta: _yoast_wpseo_title',
      ],
      language: 'fr',
    });
  });

  it('leaves an English or unknown header as it is', () => {
    expect(translateWooCommerceHeaders(['ID', 'Type', 'Name', 'Parent'])).toEqual({
      headers: ['ID', 'Type', 'Name', 'Parent'],
      language: null,
    });
    expect(translateWooCommerceHeaders(['Produkt', 'Preis']).language).toBeNull();
  });
});

describe('a WooCommerce export with a translated header', () => {
  it('is read as WooCommerce, its header language named, from the Russian store export', () => {
    const table = fixture('woocommerce-dorechi-ru-excerpt.csv');
    expect(table).toMatchObject({ format: 'woocommerce', headerLanguage: 'ru' });
    expect(table.records).toHaveLength(9);
    expect(table.mapping.title).toBe(table.headers.indexOf('Name'));
  });

  it('reads the German header as the English file it was translated from, variations and all', () => {
    const german = fixture('woocommerce-sample-products-de-header.csv');
    const english = fixture('woocommerce-sample-products.csv');
    expect(german.headerLanguage).toBe('de');
    expect(german.format).toBe('woocommerce');
    expect(german.details).toEqual(english.details);
    expect(german.records).toEqual(english.records);
  });
});
