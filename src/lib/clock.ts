/** Where "now" comes from, so day boundaries and expiry can be tested at chosen instants. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to: for tests that cross midnight or an expiry. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(instant: Date | string): void {
    this.current = new Date(instant).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
