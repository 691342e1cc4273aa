// The largest self-time frames of a V8 CPU profile (`node --cpu-prof`), as a markdown table:
//   npx tsx bench/profile-top.ts <file.cpuprofile> [count] [last-seconds]
// `last-seconds`: only the samples of the profile's last seconds (the measured load, without
// start-up and warm-up).
import { readFileSync } from 'node:fs';

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface CpuProfile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

function main(): void {
  const [file, countArg, lastArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-top.ts <file.cpuprofile> [count]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time per sample: the delta before the next sample belongs to this sample's frame.
  const selfUs = new Map<string, number>();
  let total = 0;
  const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at < from) return;
    const node = byId.get(id)!;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    const us = profile.timeDeltas[i + 1] ?? 0;
    selfUs.set(key, (selfUs.get(key) ?? 0) + us);
    total += us;
  });
  const top = [...selfUs.entries()].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, Number(countArg ?? 10));
  const idle = selfUs.get('(idle)') ?? 0;
  process.stdout.write(`busy ${((total - idle) / 1e3).toFixed(0)} ms of ${(total / 1e3).toFixed(0)} ms sampled\n\n| self ms | % of busy | frame |\n|---|---|---|\n`);
  for (const [key, us] of top) process.stdout.write(`| ${(us / 1e3).toFixed(0)} | ${((us / (total - idle)) * 100).toFixed(1)} | \`${key}\` |\n`);
}

main();
