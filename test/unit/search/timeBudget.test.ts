import { BudgetExceededError, withBudget } from '../../../src/domain/search/timeBudget';

describe('withBudget', () => {
  it('resolves with the answer when the work finishes first', async () => {
    await expect(withBudget(async () => 'answer', 1000)).resolves.toBe('answer');
  });

  it('passes on the work\'s own failure', async () => {
    await expect(withBudget(async () => Promise.reject(new Error('boom')), 1000)).rejects.toThrow('boom');
    await expect(
      withBudget(() => {
        throw new Error('sync boom');
      }, 1000),
    ).rejects.toThrow('sync boom');
  });

  it('aborts the signal and rejects at the budget even when the work ignores the signal', async () => {
    let seen: AbortSignal | undefined;
    const never = new Promise<string>(() => undefined);
    const result = withBudget((signal) => {
      seen = signal;
      return never;
    }, 20);
    await expect(result).rejects.toBeInstanceOf(BudgetExceededError);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(BudgetExceededError);
  });

  it('does not abort the signal of work that finished in time', async () => {
    let seen: AbortSignal | undefined;
    await withBudget(async (signal) => {
      seen = signal;
      return 1;
    }, 20);
    await new Promise((r) => setTimeout(r, 40));
    expect(seen?.aborted).toBe(false);
  });
});
