// CPU per access line, written and flushed, for the logger's default destination against pino's
// own asynchronous sonic-boom with a 4 KB minLength (what the logger used before log-destination.ts).
//   npx tsx bench/log-line-micro.ts [batched|sonic-boom] 2>/dev/null     (stderr to a file or /dev/null)
import pino from 'pino';
import { createLogger } from '../src/lib/logger';

const variant = process.argv[2] === 'sonic-boom' ? 'sonic-boom' : 'batched';
const logger =
  variant === 'batched' ? createLogger('info') : createLogger({ level: 'info', destination: pino.destination({ dest: 2, sync: false, minLength: 4096 }) });
const access = logger.child({ log: 'access' }, { hotPath: true });
const LINES = 100_000;

function logLines(): void {
  for (let i = 0; i < LINES; i++) {
    access.info('request', {
      requestId: `req_01JXYZ${i}abcdefghijkl`, surface: 'chat', userId: 2, tokenId: 1, model: 'gpt-4o-mini', channels: [1], channelId: 1, status: 200,
      outcome: 'ok', errorCode: null, stream: false, promptTokens: 12, completionTokens: 7, cost: '1234', bucket: 'free', latencyMs: 3, ttftMs: null,
    });
  }
}

async function main(): Promise<void> {
  logLines();
  const perLine: number[] = [];
  for (let round = 0; round < 5; round++) {
    const before = process.cpuUsage();
    logLines();
    // The asynchronous writes finish (their CPU counts) before the round is read.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const used = process.cpuUsage(before);
    perLine.push((used.user + used.system) / LINES);
  }
  perLine.sort((a, b) => a - b);
  process.stdout.write(`${variant}: µs of CPU per line ${perLine.map((x) => x.toFixed(2)).join(' ')} (median ${perLine[2]!.toFixed(2)})\n`);
}

void main();
