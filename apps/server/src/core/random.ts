/**
 * A small, fast, seedable generator (mulberry32): numbers in [0, 1), the same sequence for the same
 * seed. For what must repeat (the simulated fleet, the route planner's reshuffles, tests' and benches'
 * cases), never for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
