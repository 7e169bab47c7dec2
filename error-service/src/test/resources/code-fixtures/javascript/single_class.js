/** A minimal event emitter: `on`, `off` and `emit`. */
export class TinyEmitter {
  constructor() {
    this.listeners = new Map();
  }

  on(event, listener) {
    const list = this.listeners.get(event) ?? [];
    list.push(listener);
    this.listeners.set(event, list);
    return () => this.off(event, listener);
  }

  off(event, listener) {
    const list = this.listeners.get(event) ?? [];
    this.listeners.set(event, list.filter((l) => l !== listener));
  }

  emit(event, ...args) {
    for (const listener of this.listeners.get(event) ?? []) {
      listener(...args);
    }
  }
}
