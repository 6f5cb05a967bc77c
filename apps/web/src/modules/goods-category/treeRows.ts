import type { Category } from '@portal/contract';

/** A row of the category table: a category with the shown sub-categories under it. */
export type CategoryNode = Category & { children?: CategoryNode[] };

/**
 * The tree list's rows (`tree: 1`: each top-level row followed by its shown subtree, parents
 * first) nested for the table. A leaf has no `children`, so the table draws no 展开 button for it.
 */
export function nestRows(rows: readonly Category[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  const tops: CategoryNode[] = [];
  for (const r of rows) {
    const node: CategoryNode = { ...r };
    nodes.set(r.id, node);
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (!parent) tops.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  return tops;
}

/** The ids of the rows that have rows under them, at any depth. */
export function branchIds(nodes: readonly CategoryNode[]): number[] {
  return nodes.flatMap((n) => (n.children ? [n.id, ...branchIds(n.children)] : []));
}

/**
 * Which branches are open. Listing everything, a branch is open once the user opened it; a search
 * or status filter opens every branch (the matches are shown where they stand) except the ones
 * the user folded since.
 */
export function openBranches(
  branches: readonly number[],
  filtered: boolean,
  opened: ReadonlySet<number>,
  folded: ReadonlySet<number>,
): number[] {
  return branches.filter((id) => (filtered ? !folded.has(id) : opened.has(id)));
}

/** A category and its ancestors among the rows, nearest first (what to open to show it). */
export function ancestorsOf(rows: readonly Category[], id: number | null): number[] {
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const out: number[] = [];
  for (let at = id; at !== null && at !== undefined && !out.includes(at); at = parentOf.get(at) ?? null)
    out.push(at);
  return out;
}

/** The name split around the first match of the keyword (case ignored), to mark the match. */
export function splitMatch(name: string, keyword: string): [string, string, string] | null {
  if (!keyword) return null;
  const at = name.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return null;
  return [name.slice(0, at), name.slice(at, at + keyword.length), name.slice(at + keyword.length)];
}
