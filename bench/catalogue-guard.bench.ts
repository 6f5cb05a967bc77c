// The catalogue's guard against a silent regression (issue 38): catalogue-million.bench.ts at
// 100,000 goods on SQLite and PostgreSQL, rounds of 2 s — about ten minutes instead of the
// million's hour. Every change to the catalogue (its index, its queries, its search tokens) runs it
// and reports its table beside the last one in bench/README.md. Any BENCH_* setting still applies.
process.env.BENCH_GOODS ??= '100000';
process.env.BENCH_SECONDS ??= '2';
await import('./catalogue-million.bench.ts');

export {};
