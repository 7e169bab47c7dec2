/**
 * Debounces a function: it runs only after `waitMs` milliseconds have passed without another call.
 * @param {Function} fn the function to call
 * @param {number} waitMs quiet period in milliseconds
 * @returns {Function} the debounced function
 */
export function debounce(fn, waitMs = 250) {
  let timer;
  return function debounced(...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), waitMs);
  };
}
