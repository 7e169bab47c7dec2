import { sleep } from './sleep';

/** Tuning for {@link retry}. */
export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
}

/**
 * Retries an async operation with exponential backoff.
 * Gives up after `attempts` tries and rethrows the last error.
 */
export async function retry<T>(operation: () => Promise<T>, options: RetryOptions = { attempts: 3, baseDelayMs: 100 }): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      // double the pause after every failure
      const delay = options.baseDelayMs * 2 ** attempt;
      await sleep(delay);
    }
  }
  throw lastError;
}
