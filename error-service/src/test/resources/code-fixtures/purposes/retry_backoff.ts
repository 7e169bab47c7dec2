/**
 * Retries an async operation with exponential backoff and jitter, rethrowing the last error once all attempts fail.
 */
export async function retryWithBackoff<T>(
  operation: () => Promise<T>,
  attempts = 5,
  baseDelayMs = 100,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await operation();
    } catch (error) {
      lastError = error;
      const delay = baseDelayMs * 2 ** attempt * (0.5 + Math.abs(Math.sin(attempt + 1)) / 2);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw lastError;
}
