import { isGrounded } from '../../../src/domain/search/groundedSummary';

const allowed = ['Green Leaf Kitchen', 'Sunny Bowl'];
const all = [...allowed, 'Taco Palace', 'Green Leaf'];

describe('isGrounded', () => {
  it('accepts a summary that names only returned businesses', () => {
    const text = 'Green Leaf Kitchen is rated 4.8 and 1.2 km away. Sunny Bowl is open now, and both serve vegan food in Austin.';
    expect(isGrounded(text, allowed, all, ['vegan lunch in Austin'])).toBe(true);
  });

  it('rejects a summary that names a candidate business that was not returned', () => {
    expect(isGrounded('Try Sunny Bowl or taco palace for lunch.', allowed, all)).toBe(false);
  });

  it('does not mistake a returned name for a shorter candidate name inside it', () => {
    expect(isGrounded('Green Leaf Kitchen has great bowls.', allowed, all)).toBe(true);
    expect(isGrounded('Green Leaf Kitchen and Green Leaf both have bowls.', allowed, all)).toBe(false);
  });

  it('rejects an unknown capitalised name, even one the candidate set never saw', () => {
    expect(isGrounded("Sunny Bowl is good, but Joe's Pizza Palace is better.", allowed, all)).toBe(false);
    expect(isGrounded('Zucca is the best choice.', allowed, all)).toBe(false);
  });

  it('accepts capitalised cities, states, days and sentence openers', () => {
    expect(isGrounded('Here are two picks in Austin, Texas. On Sunday, Sunny Bowl opens at noon.', allowed, all)).toBe(true);
  });

  it('accepts a capitalised sentence opener that the summary also uses in lower case', () => {
    expect(isGrounded('Cozy seating at Sunny Bowl makes it cozy for lunch.', allowed, all)).toBe(true);
  });

  it('treats "&" and "and", case and possessives alike when matching names', () => {
    const names = ["Joe's Bar & Grill", 'Sunny Bowl'];
    expect(isGrounded("Joe's Bar and Grill is close.", ['Sunny Bowl'], names)).toBe(false);
    expect(isGrounded("JOE'S BAR AND GRILL is close.", names, names)).toBe(true);
  });

  it('rejects an empty summary', () => {
    expect(isGrounded('  ', allowed, all)).toBe(false);
  });
});
