/**
 * One card per property (decision 090): listings of one flat by different advertisers form a group, whose
 * cheapest public listing leads it in search and lists. A regrouping takes listings whose group may have
 * changed (the queue migration 0044's triggers fill), reads them with their groups and decision 036's photo
 * matches among other advertisers' listings of the same facts, and writes the groups again.
 */
import { PROPERTY_REGROUP_BATCH } from "#shared/constants.ts";
import {
  claimRegroup,
  groupMembers,
  type GroupMemberRow,
  propertyCandidates,
  writeGroups,
} from "#worker/db/property-groups.ts";
import { photoMatches } from "./moderator-signals.ts";
import type { Database } from "#worker/app-env.ts";

/** A listing's group as written: `[id, property_id, lead]` (`property_id` null and lead 1 when alone). */
export type GroupAssignment = [number, number | null, 0 | 1];

/**
 * The groups of `members`: `edges` (photo matches of the `recomputed` listings) join listings; the others
 * keep the ties they had, since nothing of theirs changed. Only public listings group; a group is named by
 * its smallest id and led by its cheapest listing (the smaller id on a tie).
 */
export function decideGroups(
  members: readonly GroupMemberRow[],
  edges: readonly (readonly [number, number])[],
  recomputed: ReadonlySet<number>,
): GroupAssignment[] {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  const grouped = members.filter((m) => m.public === 1);
  for (const m of grouped) parent.set(m.id, m.id);
  const kept = new Map<number, number>();
  for (const m of grouped) {
    if (recomputed.has(m.id) || m.property_id === null) continue;
    const first = kept.get(m.property_id);
    if (first === undefined) kept.set(m.property_id, m.id);
    else union(first, m.id);
  }
  for (const [a, b] of edges) if (parent.has(a) && parent.has(b)) union(a, b);
  const components = new Map<number, GroupMemberRow[]>();
  for (const m of grouped) components.set(find(m.id), [...(components.get(find(m.id)) ?? []), m]);
  const out: GroupAssignment[] = members.filter((m) => m.public !== 1).map((m) => [m.id, null, 1]);
  for (const [root, listings] of components) {
    if (listings.length === 1) {
      out.push([root, null, 1]);
      continue;
    }
    const lead = [...listings].sort((a, b) => a.price - b.price || a.id - b.id)[0]!;
    for (const m of listings) out.push([m.id, root, m.id === lead.id ? 1 : 0]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** Regroups the listings `ids` and everything grouped with them, before or after: four round trips. */
export async function regroup(db: Database, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const members = await groupMembers(db, ids);
  const recomputed = new Set(members.map((m) => m.id));
  const { candidates, fingerprinted } = await propertyCandidates(
    db,
    members.filter((m) => m.public === 1).map((m) => m.id),
  );
  const edges: [number, number][] = [];
  for (const m of members) {
    const photos = fingerprinted.find((row) => row.listing_id === m.id)?.n ?? 0;
    const mine = candidates.filter((row) => row.listing_id === m.id);
    for (const match of photoMatches(mine, photos)) edges.push([m.id, match.row.other_id]);
  }
  const outsiders = [...new Set(edges.map(([, other]) => other))].filter((id) => !recomputed.has(id));
  const others = (await groupMembers(db, outsiders)).filter((m) => !recomputed.has(m.id));
  await writeGroups(db, decideGroups([...members, ...others], edges, recomputed));
}

/** Drains the regrouping queue, PROPERTY_REGROUP_BATCH listings at a time, at most `batches` times. */
export async function regroupPending(db: Database, batches = 4): Promise<number> {
  let done = 0;
  for (let i = 0; i < batches; i++) {
    const ids = await claimRegroup(db, PROPERTY_REGROUP_BATCH);
    await regroup(db, ids);
    done += ids.length;
    if (ids.length < PROPERTY_REGROUP_BATCH) break;
  }
  return done;
}
