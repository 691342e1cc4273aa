import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Stall {
  /** The longest event-loop delay `monitorEventLoopDelay` saw, in ms: wall time, whatever caused it. */
  loopDelayMs: number;
  /**
   * The longest gap between two 1 ms ticks counted only while this process was on a CPU, in ms:
   * min(wall gap, CPU time the process used in it). On a loaded machine a process that is simply
   * not scheduled shows long wall gaps with no CPU used; a request that blocks the loop (a
   * backtracking regex, a huge synchronous parse) burns CPU for the whole gap. This is the figure
   * the limits are asserted on.
   */
  busyMs: number;
}

/**
 * Measures the event loop while `work` runs. The app under test runs in this process, so a
 * request whose handling blocks the loop shows up here.
 */
export async function stallDuring<T>(work: () => Promise<T>): Promise<{ result: T } & Stall> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let busyMs = 0;
  let lastWall = performance.now();
  let lastCpu = process.cpuUsage();
  let timer: NodeJS.Timeout | undefined;
  const sample = () => {
    const wall = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    busyMs = Math.max(busyMs, Math.min(wall - lastWall, (cpu.user + cpu.system) / 1000));
    lastWall = wall;
    lastCpu = process.cpuUsage();
  };
  const tick = () => {
    sample();
    timer = setTimeout(tick, 1);
  };
  timer = setTimeout(tick, 1);
  try {
    const result = await work();
    clearTimeout(timer);
    sample();
    return { result, loopDelayMs: delay.max / 1e6, busyMs };
  } finally {
    clearTimeout(timer);
    delay.disable();
  }
}
