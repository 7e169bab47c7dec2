'use strict';
/**
 * Delays calls to `fn` until `waitMs` milliseconds have passed without another call.
 * @param {Function} fn the function to debounce
 * @param {number} waitMs quiet period in milliseconds
 * @returns {Function} the debounced function, with a `cancel()` method
 */
function debounce(fn, waitMs = 200)
{
    let timer = null;
    const debounced = function (...args)
    {
        clearTimeout(timer);
        timer = setTimeout(() => { timer = null; fn.apply(this, args); }, waitMs);
    };
    debounced.cancel = () => { clearTimeout(timer); timer = null; };
    return debounced;
}
module.exports = {debounce};
