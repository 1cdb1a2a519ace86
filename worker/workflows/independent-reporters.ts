/**
 * How many reporters of a listing are independent of each other (decision 047): the largest number of
 * them that share no network, at sign-up or at report time. Accounts one person made at one address, or
 * that report from one address or IPv6 /64, count once however many there are.
 */

/** A counted reporter: the keyed hashes of the networks it signed up and reported from (unknown ones left out). */
export type ReporterNetworks = readonly string[];

/**
 * The size of the largest set of `reporters` whose networks are pairwise disjoint, searched only up to
 * `enough` (the hide threshold): the search is cubic at worst for a threshold of 3, and stops at once
 * when a set that large exists.
 */
export function independentReporters(reporters: readonly ReporterNetworks[], enough: number): number {
  const sets = reporters.map((networks) => [...new Set(networks)]);
  const used = new Set<string>();
  let best = 0;
  const visit = (from: number, chosen: number) => {
    best = Math.max(best, chosen);
    for (let i = from; i < sets.length && best < enough; i++) {
      // The rest cannot beat the best found.
      if (chosen + sets.length - i <= best) return;
      const networks = sets[i]!;
      if (networks.some((network) => used.has(network))) continue;
      for (const network of networks) used.add(network);
      visit(i + 1, chosen + 1);
      for (const network of networks) used.delete(network);
    }
  };
  visit(0, 0);
  return Math.min(best, enough);
}
