/**
 * Throttles a function so that it runs at most once every `intervalMs` milliseconds; calls in between are dropped.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, intervalMs: number): (...args: A) => void {
  let last = -Infinity;
  return (...args: A): void => {
    const now = performance.now();
    if (now - last >= intervalMs) {
      last = now;
      fn(...args);
    }
  };
}
