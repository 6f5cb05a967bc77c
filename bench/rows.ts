// What the import benchmarks' generated rows share: the brand names goods and brands are drawn
// from, and a seeded pseudo-random source, so every run writes the same rows.

export const BRANDS = [
  '清芳',
  '华润',
  '星耀',
  '悦享',
  '山野',
  '金禾',
  '东方',
  '鲁花',
  '九阳',
  '美的',
  '晨光',
  '得力',
];

const START = 12_345;
let seed = START;

/** The next number in [0, 1) of the seeded sequence (a linear congruential generator). */
export const rand = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

/** One of `xs`, drawn with `rand`. */
export const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;

/** Starts the sequence again: the rows drawn next are the same as the first time. */
export const restartRand = () => {
  seed = START;
};
