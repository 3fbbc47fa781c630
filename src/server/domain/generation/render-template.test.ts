import { describe, expect, it } from 'vitest';
import { listTemplateVariables, renderTemplate } from './render-template';

describe('renderTemplate', () => {
  it('substitutes known variables, including numbers and repeated names', () => {
    expect(renderTemplate('{{a}} and {{ b }}, again {{a}}', { a: 'x', b: 3 })).toBe('x and 3, again x');
  });

  it('turns unknown, null and undefined variables into empty text', () => {
    expect(renderTemplate('[{{missing}}][{{n}}][{{u}}]', { n: null, u: undefined })).toBe('[][][]');
  });

  it('does not re-expand values that look like variables', () => {
    expect(renderTemplate('{{product}}', { product: 'Chair {{keywords}}', keywords: 'oak' })).toBe(
      'Chair {{keywords}}',
    );
  });

  it('inserts dollar patterns literally', () => {
    expect(renderTemplate('Price: {{p}}', { p: '$& $1 $$' })).toBe('Price: $& $1 $$');
  });

  it('ignores inherited object properties', () => {
    expect(renderTemplate('{{toString}}{{constructor}}', {})).toBe('');
  });

  it('leaves text that is not a variable alone', () => {
    expect(renderTemplate('{ {a} } {{}} {{1a}} {{a-b}}', { a: 'x' })).toBe('{ {a} } {{}} {{1a}} {{a-b}}');
  });
});

describe('listTemplateVariables', () => {
  it('lists each variable once, in order of first use', () => {
    expect(listTemplateVariables('{{b}} {{ a }} {{b}} {{c}}')).toEqual(['b', 'a', 'c']);
  });
});
