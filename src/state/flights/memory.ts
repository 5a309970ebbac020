import type { FlightAnswer, Flights, ShareOptions } from './flights.js';
import { LocalFlights } from './local.js';

/** Flights of one process (the embedded, memory state): identical callers of this process share one fetch. */
export class MemoryFlights implements Flights {
  readonly #local = new LocalFlights<string>();

  async share(key: string, fetch: (signal: AbortSignal) => Promise<string>, options: ShareOptions = {}): Promise<FlightAnswer> {
    let joined = false;
    const onWait = () => {
      joined = true;
      options.onWait?.();
    };
    const answer = await this.#local.join(key, fetch, { signal: options.signal, onWait });
    return { answer, role: joined ? 'waiter' : 'holder' };
  }
}
