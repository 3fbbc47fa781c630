import { describe, expect, it } from 'vitest';
import { copyLanguageFor, type LanguageContext } from './copy-language';

// A product whose body is lorem ipsum, as WooCommerce's sample products are: tinyld reads it as Latin, 0.97 sure.
const LOREM = {
  product_name: 'Hoodie with Logo',
  description:
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.',
};

const context = (extra: Partial<LanguageContext> = {}): LanguageContext => ({
  workflow: { language: null },
  details: LOREM,
  ...extra,
});

describe('the copy language', () => {
  it('writes lorem ipsum products in English, not Latin', () => {
    expect(copyLanguageFor(context())).toBe('en');
  });

  it('passes over Latin stored as detected on a bundle imported before the detector left it out', () => {
    expect(copyLanguageFor(context({ bundleLanguage: 'la', bundleLanguageSource: 'detected' }))).toBe('en');
    expect(copyLanguageFor(context({ bundleLanguage: 'ru', bundleLanguageSource: 'detected' }))).toBe('ru');
  });

  it('keeps a language the user or the workflow names, whatever it is', () => {
    expect(copyLanguageFor(context({ bundleLanguage: 'la', bundleLanguageSource: 'user' }))).toBe('la');
    expect(copyLanguageFor(context({ workflow: { language: 'la' } }))).toBe('la');
  });
});
