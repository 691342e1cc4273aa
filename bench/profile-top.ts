// The largest self-time frames of a V8 CPU profile (`node --cpu-prof`), as a markdown table:
//   npx tsx bench/profile-top.ts <file.cpuprofile> [count] [last-seconds] [--inclusive]
// `last-seconds`: only the samples of the profile's last seconds (the measured load, without
// start-up and warm-up). `--inclusive`: instead, our own functions (files under src/) by the time
// spent in them and everything they called, each frame counted once per sample.
import { readFileSync } from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

function main(): void {
  const args = process.argv.slice(2);
  const inclusive = args.includes('--inclusive');
  const [file, countArg, lastArg] = args.filter((a) => a !== '--inclusive');
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count] [last-seconds] [--inclusive]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // Time per sample: the delta before the next sample belongs to this sample's frame.
  const timeUs = new Map<string, number>();
  let total = 0;
  let idle = 0;
  const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) return;
    const us = profile.timeDeltas[i + 1] ?? 0;
    total += us;
    const key = frameName(byId.get(id)!);
    if (key === '(idle)') {
      idle += us;
      return;
    }
    if (!inclusive) {
      timeUs.set(key, (timeUs.get(key) ?? 0) + us);
      return;
    }
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parentOf.get(n)) {
      const node = byId.get(n)!;
      if (!node.callFrame.url.includes('/src/')) continue;
      const name = frameName(node);
      if (seen.has(name)) continue; // recursion: once per sample
      seen.add(name);
      timeUs.set(name, (timeUs.get(name) ?? 0) + us);
    }
  });
  const top = [...timeUs.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 10));
  const busy = total - idle;
  process.stdout.write(`busy ${(busy / 1e3).toFixed(0)} ms of ${(total / 1e3).toFixed(0)} ms sampled\n\n| ${inclusive ? 'inclusive' : 'self'} ms | % of busy | frame |\n|---|---|---|\n`);
  for (const [key, us] of top) process.stdout.write(`| ${(us / 1e3).toFixed(0)} | ${((us / busy) * 100).toFixed(1)} | \`${key}\` |\n`);
}

main();
