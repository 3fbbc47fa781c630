import { describe, expect, it } from 'vitest';
import {
  checkAltText,
  checkCopyField,
  checkHeading,
  checkMetaDescription,
  checkPageTitle,
} from './seo-checks';

describe('SEO limit checks', () => {
  it('flags a page title over 60 characters and passes one within', () => {
    expect(checkPageTitle('a'.repeat(61))).toBe('61 characters: over the 60-character limit.');
    expect(checkPageTitle('Oslo Wool Throw in Grey | Nordic Home')).toBeNull();
  });

  it('flags a title of 60 characters that is wider than 600 px', () => {
    expect(checkPageTitle('W'.repeat(40))).toMatch(/^About \d+ px wide/);
  });

  it('flags meta descriptions outside 120–155 characters', () => {
    expect(checkMetaDescription('x'.repeat(100))).toBe('100 characters: under the 120-character minimum.');
    expect(checkMetaDescription('x'.repeat(156))).toBe('156 characters: over the 155-character limit.');
    expect(
      checkMetaDescription(
        'A soft lambswool throw woven in Norway, in a warm ochre that suits sofas and beds. Generous size, fringed ends, easy care.',
      ),
    ).toBeNull();
  });

  it('flags headings over 70 and alt texts over 125 characters', () => {
    expect(checkHeading('h'.repeat(71))).not.toBeNull();
    expect(checkHeading('h'.repeat(70))).toBeNull();
    expect(checkAltText('a'.repeat(126))).not.toBeNull();
  });

  it('never flags text that is still missing', () => {
    expect(checkCopyField('page_title', null)).toBeNull();
    expect(checkCopyField('meta_description', '')).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(checkPageTitle(`${'i'.repeat(59)}🙂`)).toBeNull();
    expect(checkPageTitle(`${'i'.repeat(60)}🙂`)).toBe('61 characters: over the 60-character limit.');
  });
});
