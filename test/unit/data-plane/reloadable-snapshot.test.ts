import { ReloadableSnapshot } from '../../../src/lib/reloadable-snapshot';

describe('ReloadableSnapshot', () => {
  it('shares one load between concurrent readers', async () => {
    let loads = 0;
    const snap = new ReloadableSnapshot(async () => ++loads, { maxAgeMs: 60_000 });
    expect(await Promise.all([snap.get(), snap.get(), snap.get()])).toEqual([1, 1, 1]);
    expect(await snap.get()).toBe(1);
  });

  it('never hands out a value loaded before an invalidation that happened during the load', async () => {
    let version = 0;
    let release: (() => void) | undefined;
    const snap = new ReloadableSnapshot(
      async () => {
        const seen = version;
        if (!release) await new Promise<void>((r) => (release = r));
        return seen;
      },
      { maxAgeMs: 60_000 },
    );
    const reading = snap.get();
    version = 1; // the data changes while the first load is in flight...
    snap.invalidate(); // ...and the change is announced
    release!();
    expect(await reading).toBe(1);
  });

  it('serves the old value while refreshing in the background past its age', async () => {
    let loads = 0;
    const snap = new ReloadableSnapshot(async () => ++loads, { maxAgeMs: 0 });
    expect(await snap.get()).toBe(1);
    await new Promise((r) => setTimeout(r, 2));
    expect(await snap.get()).toBe(1);
    await new Promise((r) => setTimeout(r, 2));
    expect(await snap.get()).toBe(2);
  });
});
