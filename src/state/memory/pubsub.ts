import { EventEmitter } from 'node:events';
import type { PubSub } from '../ports.js';

/** In-process pub/sub: one process is the whole audience. */
export class MemoryPubSub implements PubSub {
  readonly #emitter = new EventEmitter().setMaxListeners(0);

  async publish(topic: string, message: string): Promise<void> {
    this.#emitter.emit(topic, message);
  }

  async subscribe(topic: string, listener: (message: string) => void): Promise<() => Promise<void>> {
    // A wrapper per subscription, so subscribing the same function twice unsubscribes one at a time.
    const deliver = (message: string) => listener(message);
    this.#emitter.on(topic, deliver);
    return async () => {
      this.#emitter.off(topic, deliver);
    };
  }
}
