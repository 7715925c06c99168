// How hard the money model tries. CI runs a few short sequences from a fixed seed (about 30 s
// per capability corner and database); `npm run fuzz` (FUZZ_LONG=1) runs many long ones from a
// random seed, printed in the test's name. MODEL_SEED=<seed> replays a run: the world is shared
// by the sequences of one seed, so a replay runs them all again, in order, without shrinking.

const long = process.env.FUZZ_LONG === "1";

export const MODEL_SEED = process.env.MODEL_SEED
  ? Number(process.env.MODEL_SEED)
  : long
    ? Math.floor(Math.random() * 2 ** 31)
    : 20_261_127;

/** Sequences per corner. */
export const MODEL_RUNS = Number(process.env.MODEL_RUNS ?? (long ? 20 : 3));
/** Commands per sequence at most (then the world is brought to rest and balanced). */
export const MODEL_COMMANDS = Number(process.env.MODEL_COMMANDS ?? (long ? 50 : 18));
