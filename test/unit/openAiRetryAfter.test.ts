import { retryAfterMs } from '../../src/adapters/openai/openAiLanguageModel';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads seconds and HTTP dates, and caps the pause', () => {
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 12:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('86400', now)).toBe(300_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('pauses a short default when the header is missing or unreadable', () => {
    expect(retryAfterMs(undefined, now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBe(10_000);
  });
});
