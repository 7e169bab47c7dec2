"use strict";

// Waits for a pause in calls before running the callback.
function quiet(callback, pauseMs = 50) {
    let handle = null;
    const wrapper = function (...rest) {
        clearTimeout(handle);
        handle = setTimeout(() => {
            handle = null;
            callback.apply(this, rest);
        }, pauseMs);
    };
    wrapper.cancel = () => {
        clearTimeout(handle);
        handle = null;
    };
    return wrapper;
}

module.exports = { quiet };
