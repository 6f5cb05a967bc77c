import { DEPARTMENT_LIMITS, type Department, type Position, TOP_DEPARTMENT } from '@portal/contract';

/** A department with the departments under it and its level (1: top), for the tree. */
export interface DepartmentNode extends Department {
  depth: number;
  children: DepartmentNode[];
}

/**
 * The company's departments (flat, in the server's order) as a tree, order kept among siblings.
 * A department whose parent is not in the list stands at the top (it is not lost from sight).
 */
export function nestDepartments(departments: readonly Department[]): DepartmentNode[] {
  const ids = new Set(departments.map((d) => d.id));
  const under = new Map<number, Department[]>();
  for (const d of departments) {
    const parent = d.parent_id !== d.id && ids.has(d.parent_id) ? d.parent_id : TOP_DEPARTMENT;
    under.set(parent, [...(under.get(parent) ?? []), d]);
  }
  const seen = new Set<number>();
  const build = (parent: number, depth: number): DepartmentNode[] =>
    (under.get(parent) ?? [])
      .filter((d) => !seen.has(d.id) && seen.add(d.id))
      .map((d) => ({ ...d, depth, children: build(d.id, depth + 1) }));
  return build(TOP_DEPARTMENT, 1);
}

/** Every department of the tree, parents before their children (what a Tree's keys are). */
export function flatten(nodes: readonly DepartmentNode[]): DepartmentNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** Department `id` and every department under it, at any depth. */
export function subtreeIds(departments: readonly Department[], id: number): Set<number> {
  const out = new Set<number>([id]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const d of departments)
      if (!out.has(d.id) && out.has(d.parent_id)) {
        out.add(d.id);
        grown = true;
      }
  }
  return out;
}

/** The departments above department `id`, nearest first (what to open to show it). */
export function ancestorIds(departments: readonly Department[], id: number): number[] {
  const parentOf = new Map(departments.map((d) => [d.id, d.parent_id]));
  const out: number[] = [];
  for (let at = parentOf.get(id); at !== undefined && at !== TOP_DEPARTMENT && !out.includes(at); ) {
    out.push(at);
    at = parentOf.get(at);
  }
  return out;
}

/** How many levels department `id`'s subtree spans (1: no department under it). */
function height(nodes: readonly DepartmentNode[], id: number): number {
  const node = flatten(nodes).find((n) => n.id === id);
  const of = (n: DepartmentNode): number => 1 + Math.max(0, ...n.children.map(of));
  return node ? of(node) : 1;
}

/** An option of a TreeSelect: the id as value and key, the name as title. */
export interface DepartmentOption {
  value: number;
  key: number;
  title: string;
  disabled?: boolean;
  children: DepartmentOption[];
}

/**
 * The choices of 上级部门: 顶级部门 (0) over the whole tree. Editing department `editing`, neither it
 * nor a department under it is offered (the server refuses a department under itself), and a
 * department where the moved subtree would go deeper than DEPARTMENT_LIMITS.depth is shown
 * disabled (the server refuses that too).
 */
export function parentOptions(
  departments: readonly Department[],
  editing?: number,
  top = '顶级部门',
): DepartmentOption[] {
  const tree = nestDepartments(departments);
  const moved = editing === undefined ? 1 : height(tree, editing);
  const options = (nodes: readonly DepartmentNode[]): DepartmentOption[] =>
    nodes
      .filter((n) => n.id !== editing)
      .map((n) => ({
        value: n.id,
        key: n.id,
        title: n.name,
        ...(n.depth + moved > DEPARTMENT_LIMITS.depth ? { disabled: true } : {}),
        children: options(n.children),
      }));
  return [{ value: TOP_DEPARTMENT, key: TOP_DEPARTMENT, title: top, children: options(tree) }];
}

/** The company's departments as TreeSelect options (`nestDepartments`' order and rules), every one offered. */
export function treeOptions(departments: readonly Department[]): DepartmentOption[] {
  const options = (nodes: readonly DepartmentNode[]): DepartmentOption[] =>
    nodes.map((n) => ({ value: n.id, key: n.id, title: n.name, children: options(n.children) }));
  return options(nestDepartments(departments));
}

/** The choices of a position's 所属部门: 全单位 (0) over the whole tree, every department offered. */
export function departmentOptions(departments: readonly Department[]): DepartmentOption[] {
  return [
    { value: TOP_DEPARTMENT, key: TOP_DEPARTMENT, title: '全单位', children: treeOptions(departments) },
  ];
}

/** The positions of one department (0: those of the whole company), in the server's order. */
export function positionsOf(positions: readonly Position[], departmentId: number): Position[] {
  return positions.filter((p) => p.department_id === departmentId);
}
