// A hard time budget for an optional helper (the language model): the work gets an
// AbortSignal that fires at the budget, and the returned promise settles by then even if
// the work ignores the signal, so the caller's latency is bounded either way.

export class BudgetExceededError extends Error {
  constructor(readonly budgetMs: number) {
    super(`No answer within ${budgetMs} ms`);
    this.name = 'BudgetExceededError';
  }
}

export function withBudget<T>(fn: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new BudgetExceededError(ms);
      controller.abort(error);
      reject(error);
    }, Math.max(0, ms));
    let work: Promise<T>;
    try {
      work = Promise.resolve(fn(controller.signal));
    } catch (error) {
      clearTimeout(timer);
      reject(error);
      return;
    }
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
