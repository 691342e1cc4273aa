// Load generators that measure the gateway process's CPU time per completed request: autocannon
// for HTTP surfaces, one WebSocket session for realtime. CPU comes from /proc/<pid>/stat (user +
// system), so it counts every thread of the gateway (V8's compiler and GC threads included).
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { WebSocket } from 'ws';

export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks
}

export const TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK']).toString().trim() || 100);

export interface LoadResult { rps: number; p50: number; p99: number; non2xx: number; requests: number; cpuUsPerReq: number | null }

export interface HttpLoad {
  url: string;
  body: string | Buffer;
  headers: Record<string, string>;
  connections: number;
  warmupS: number;
  durationS: number;
}

/** Warm-up (JIT, pools, caches), then the measured run; CPU per request when `pid` is given. */
export async function loadHttp(load: HttpLoad, pid: number | null): Promise<LoadResult> {
  const opts = { url: load.url, method: 'POST' as const, body: load.body, connections: load.connections, headers: load.headers };
  if (load.warmupS > 0) await autocannon({ ...opts, duration: load.warmupS });
  const before = pid ? cpuTicks(pid) : 0;
  const result = await autocannon({ ...opts, duration: load.durationS });
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
    requests,
    cpuUsPerReq: pid && requests ? Math.round(((cpuTicks(pid) - before) * TICK_US) / requests) : null,
  };
}

interface RealtimeEvent { type?: string; error?: { message?: string } }

/**
 * One realtime session: a user item, then `response.create` after each `response.done`, for the
 * warm-up and then the measured time. Each response is held, relayed and charged by the gateway.
 */
export async function loadRealtime(wsUrl: string, apiKey: string, warmupS: number, durationS: number, pid: number): Promise<LoadResult> {
  const ws = new WebSocket(wsUrl, { headers: { authorization: `Bearer ${apiKey}` } });
  const events: RealtimeEvent[] = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  ws.on('message', (data: Buffer) => {
    events.push(JSON.parse(data.toString('utf8')) as RealtimeEvent);
    wake?.();
  });
  ws.on('error', (err) => {
    failure = err;
    wake?.();
  });
  ws.on('close', () => {
    failure ??= new Error('realtime session closed');
    wake?.();
  });
  const next = async (type: string): Promise<void> => {
    for (;;) {
      const i = events.findIndex((e) => e.type === type || e.type === 'error');
      if (i >= 0) {
        const event = events[i]!;
        events.splice(0, i + 1);
        if (event.type === 'error') throw new Error(`realtime error: ${event.error?.message ?? 'unknown'}`);
        return;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  try {
    await next('session.created');
    ws.send(JSON.stringify({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Say hello to the benchmark.' }] } }));
    const respondFor = async (seconds: number): Promise<{ responses: number; latencies: number[] }> => {
      const end = Date.now() + seconds * 1000;
      const latencies: number[] = [];
      while (Date.now() < end) {
        const started = process.hrtime.bigint();
        ws.send(JSON.stringify({ type: 'response.create' }));
        await next('response.done');
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      return { responses: latencies.length, latencies };
    };
    await respondFor(warmupS);
    const before = cpuTicks(pid);
    const { responses, latencies } = await respondFor(durationS);
    const cpu = (cpuTicks(pid) - before) * TICK_US;
    latencies.sort((a, b) => a - b);
    return {
      rps: Math.round(responses / durationS),
      p50: Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0),
      p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
      non2xx: 0,
      requests: responses,
      cpuUsPerReq: responses ? Math.round(cpu / responses) : null,
    };
  } finally {
    ws.close();
  }
}
