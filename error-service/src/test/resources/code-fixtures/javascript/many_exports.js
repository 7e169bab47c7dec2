const path = require('node:path');
const { v4: uuid } = require('uuid');

/** Splits an array into chunks of `size`. */
function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) {
    out.push(items.slice(i, i + size));
  }
  return out;
}

/** Whether a string looks like an e-mail address. */
const isEmail = (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** The extension of a file name, without the dot. */
function extensionOf(file) {
  return path.extname(file).slice(1);
}

/** A fresh request id. */
function requestId() {
  return "req-" + uuid();
}

class Deferred {
  constructor() {
    this.promise = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
}

module.exports = { chunk, isEmail, extensionOf, requestId, Deferred };
