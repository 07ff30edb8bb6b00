import { slugBase, slugCandidate, slugHasBase, withCurrentSlug } from '../../../src/domain/publicPage/publicSlug';
import { escapeMarkdown, escapeMarkdownParagraphs } from '../../../src/presenters/publicPage/htmlText';

const at = (name: string, city?: string) => ({ name, location: city ? { address: { city } } : {} });

describe('public page slugs', () => {
  it('are the name and city as lower-case words joined by hyphens', () => {
    expect(slugBase(at('Green Leaf Kitchen', 'Austin'))).toBe('green-leaf-kitchen-austin');
    expect(slugBase(at("Joe's Café & Bar", 'San José'))).toBe('joes-cafe-and-bar-san-jose');
    expect(slugBase(at('Austin Dental', 'Austin'))).toBe('austin-dental-austin');
    expect(slugBase(at('Dental of Austin', 'Austin'))).toBe('dental-of-austin');
    expect(slugBase(at('北京烤鸭', 'Beijing'))).toBe('北京烤鸭-beijing');
    expect(slugBase(at('!!!'))).toBe('business');
    expect(slugBase(at('a'.repeat(200), 'Austin'))).toHaveLength(80);
  });

  it('number a taken base and recognise its numbered candidates', () => {
    expect([1, 2, 10].map((n) => slugCandidate('joes-austin', n))).toEqual(['joes-austin', 'joes-austin-2', 'joes-austin-10']);
    expect(slugHasBase('joes-austin-2', 'joes-austin')).toBe(true);
    expect(slugHasBase('joes-austin', 'joes-austin')).toBe(true);
    expect(slugHasBase('joes-austin-1', 'joes-austin')).toBe(false);
    expect(slugHasBase('joes-austin-tx', 'joes-austin')).toBe(false);
  });

  it('keep the older ones after the current one, at most twenty', () => {
    expect(withCurrentSlug(['b', 'a'], 'c')).toEqual(['c', 'b', 'a']);
    expect(withCurrentSlug(['b', 'a'], 'a')).toEqual(['a', 'b']);
    expect(withCurrentSlug(Array.from({ length: 30 }, (_, i) => `s${i}`), 'new')).toHaveLength(20);
  });
});

describe('Markdown escaping', () => {
  it('leaves no link, image, tag or block opener in owner text', () => {
    expect(escapeMarkdown('[x](javascript:1) ![i](u) <b>')).toBe('\\[x\\](javascript:1) \\!\\[i\\](u) \\<b\\>');
    expect(escapeMarkdown('one\ntwo')).toBe('one two');
    expect(escapeMarkdownParagraphs('# title\n\n1. item\n\n- dash')).toBe('\\# title\n\n1\\. item\n\n\\- dash');
  });
});
