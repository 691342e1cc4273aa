// Prepares the database our gateway uses under ../shared/bench/run-peer-bench.sh and prints the
// command line to pass it (the harness's mock upstream listens on 127.0.0.1:18080 by default).
//   npx tsx bench/prepare-peer.ts [database-url] [upstream-base-url]
import { resolve } from 'node:path';
import { BENCH_API_KEY, BENCH_SECRET_KEY, prepareBenchDatabase } from './bench-database';

async function main(): Promise<void> {
  const databaseUrl = process.argv[2] ?? 'postgresql://postgres@127.0.0.1:5432/gateway_peer';
  const upstream = process.argv[3] ?? 'http://127.0.0.1:18080/v1';
  await prepareBenchDatabase(databaseUrl, upstream);
  const root = resolve(__dirname, '..');
  // What the peer table is measured on: the production entry (run `npm run build` first) with its
  // default logging and metrics, and the bench key's concurrency limits lifted, so that a
  // 50-connection load on one key measures requests, not 429 answers.
  const cmd =
    `cd ${root} && NODE_ENV=production DATABASE_URL=${databaseUrl} PORT=3000 SECRET_KEY=${BENCH_SECRET_KEY} ` +
    `MAX_CONCURRENT_PER_KEY=0 MAX_CONCURRENT_PER_USER=0 DEMO_UPSTREAM=false exec node dist/src/main.js`;
  process.stdout.write(
    [
      `database ${databaseUrl} ready; channel gpt-4o-mini -> ${upstream}`,
      `key: ${BENCH_API_KEY}`,
      'run:',
      `  npm run build && ../shared/bench/run-peer-bench.sh --targets "direct portkey floor" --conc "10 50" --ours-name gateway \\`,
      `    --ours-url http://127.0.0.1:3000/v1/chat/completions --ours-key ${BENCH_API_KEY} --ours-ready-url http://127.0.0.1:3000/readyz \\`,
      `    --ours-cmd '${cmd}'`,
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`prepare-peer failed: ${(err as Error).stack}\n`);
  process.exit(1);
});
