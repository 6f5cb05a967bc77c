import { isNodeType, isRunNode, NODE_TYPES, type SetupNode } from '@portal/contract';

/** The nodes a run steps through (tasks and nests), in the drawing's order: what the wizard sets up. */
export const runNodes = (nodes: readonly SetupNode[]) => nodes.filter(isRunNode);

export const typeName = (t: number | null) => (isNodeType(t) ? NODE_TYPES[t] : '未设置类型');

/** A node as the wizard names it. */
export const nodeLabel = (n: Pick<SetupNode, 'name' | 'task_id'>) => n.name || n.task_id;
