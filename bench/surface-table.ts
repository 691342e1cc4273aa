// The per-surface table of `npm run bench`: req/s and the gateway's CPU time per request for every
// client surface, next to chat completions JSON.
import { readFileSync } from 'node:fs';
import { loadHttp, loadRealtime, type LoadResult } from './gateway-load';
import { BASELINE, type SurfaceScenario } from './surface-scenarios';

export interface SurfaceRun {
  gatewayUrl: string;
  gatewayPid: number;
  apiKey: string;
  connections: number;
  warmupS: number;
  durationS: number;
}

interface SurfaceRow { scenario: SurfaceScenario; label: string; result: LoadResult }

const loadAverage = (): string => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function runScenario(scenario: SurfaceScenario, run: SurfaceRun): Promise<LoadResult> {
  if (scenario.kind === 'realtime') {
    const wsUrl = `${run.gatewayUrl.replace(/^http/, 'ws')}/v1/realtime?model=${scenario.model}`;
    return loadRealtime(wsUrl, run.apiKey, run.warmupS, run.durationS, run.gatewayPid);
  }
  return loadHttp(
    {
      url: `${run.gatewayUrl}${scenario.path}`,
      body: scenario.body,
      headers: { authorization: `Bearer ${run.apiKey}`, 'content-type': scenario.contentType },
      connections: run.connections,
      warmupS: run.warmupS,
      durationS: run.durationS,
    },
    run.gatewayPid,
  );
}

/** Runs the scenarios one after another and renders the markdown table (with the load average around it). */
export async function surfaceTable(scenarios: SurfaceScenario[], run: SurfaceRun): Promise<string> {
  const loadBefore = loadAverage();
  const rows: SurfaceRow[] = [];
  for (const scenario of scenarios) {
    process.stderr.write(`bench: ${scenario.name}\n`);
    rows.push({ scenario, label: scenario.label, result: await runScenario(scenario, run) });
  }
  // The baseline once more at the end: how far the machine drifted during the run. The ratios
  // are to the mean of both.
  const first = scenarios.find((s) => s.name === BASELINE);
  if (first && scenarios.length > 1) rows.push({ scenario: first, label: `${first.label} (again, at the end)`, result: await runScenario(first, run) });
  const baselines = rows.filter((r) => r.scenario.name === BASELINE).map((r) => r.result.cpuUsPerReq ?? NaN);
  const baseline = baselines.length ? baselines.reduce((a, b) => a + b, 0) / baselines.length : null;
  const ratio = (cpu: number | null) => (cpu !== null && baseline ? `${(cpu / baseline).toFixed(2)}x` : '-');
  return [
    `per surface: ${run.connections} connections (realtime: one session, one response at a time), ${run.warmupS} s warm-up + ${run.durationS} s each;`,
    `load average (1, 5, 15 min) before ${loadBefore}, after ${loadAverage()} (CPU per request is what to compare across loaded runs, req/s is not)`,
    '',
    '| surface | req/s | p50 ms | p99 ms | errors | gateway CPU µs/req | vs chat JSON (mean of both) |',
    '|---|---|---|---|---|---|---|',
    ...rows.map(({ label, result: r }) =>
      `| ${label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.cpuUsPerReq ?? '-'} | ${ratio(r.cpuUsPerReq)} |`,
    ),
  ].join('\n');
}
