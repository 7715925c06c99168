// How hard the fuzz suite tries. CI runs a fixed seed with few runs (reproducible, under a minute
// on PGlite); `npm run fuzz` sets FUZZ_LONG and runs many more, from a random seed unless
// FUZZ_SEED is given. A failure names the seed; FUZZ_SEED=<seed> replays it.

const long = process.env.FUZZ_LONG === "1";
const onPostgres = process.env.TEST_DB_KIND === "postgres";

export const FUZZ_SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : long
    ? Math.floor(Math.random() * 2 ** 31)
    : 20_261_123;

/** Generated requests per operation for callers the operation lets in. */
export const RUNS_ADMITTED = Number(process.env.FUZZ_RUNS ?? (long ? 400 : onPostgres ? 8 : 10));
/** For callers below the operation's level (refused before anything reads the request). */
export const RUNS_REFUSED = Math.max(3, Math.round(RUNS_ADMITTED / 6));
