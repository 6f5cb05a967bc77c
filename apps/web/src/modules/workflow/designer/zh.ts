/**
 * The designer in Chinese: bpmn-js's words (its `translate` service) for what our palette, context
 * pad, replace menu and messages show. A word not listed stays as bpmn-js says it.
 */
const WORDS: Record<string, string> = {
  'Activate hand tool': '抓手工具：拖动画布',
  'Activate lasso tool': '套索工具：框选元素',
  'Activate create/remove space tool': '空间工具：插入或移除空白',
  'Activate global connect tool': '连线工具',
  'Create start event': '开始事件',
  'Create end event': '结束事件',
  'Create gateway': '排他网关（选择其一）',
  'Create parallel gateway': '并行网关（分支与汇合）',
  'Create task': '任务（环节）',
  'Create expanded sub-process': '子流程（嵌套环节）',
  'Append end event': '追加结束事件',
  'Append gateway': '追加排他网关',
  'Append task': '追加任务',
  'Change element': '更改类型',
  'Change type': '更改类型',
  'Connect to other element': '连线到其他元素',
  'Connect using sequence/message flow or association': '连线',
  Delete: '删除',
  Remove: '删除',
  Task: '任务',
  'User task': '用户任务',
  'Manual task': '手工任务',
  'Call activity': '调用活动（嵌套）',
  'Sub-process': '子流程',
  'Sub-process (collapsed)': '子流程（折叠）',
  'Sub-process (expanded)': '子流程（展开）',
  'Exclusive gateway': '排他网关',
  'Parallel gateway': '并行网关',
  'Start event': '开始事件',
  'End event': '结束事件',
  'Sequence flow': '顺序流',
  'Search in diagram': '在图中查找',
  'Search results': '查找结果',
  'No results': '没有结果',
  Tasks: '任务',
  Gateways: '网关',
  Events: '事件',
  'Sub-processes': '子流程',
  'no parent for {element} in {parent}': '{parent} 中找不到 {element} 的上级',
  'no shape type specified': '没有指定形状类型',
  'flow elements must be children of pools/participants': '流程元素须在池内',
  'out of bounds release': '超出范围',
  'more than {count} child lanes': '子泳道超过 {count} 个',
  'element required': '缺少元素',
  'diagram not part of bpmn:Definitions': '图不属于 bpmn:Definitions',
  'no diagram to display': '没有可显示的图',
  'no process or collaboration to display': '没有可显示的流程或协作',
  'element {element} referenced by {referenced}#{property} not yet drawn':
    '{referenced}#{property} 引用的元素 {element} 尚未绘制',
  'already rendered {element}': '{element} 已绘制',
  'failed to import {element}': '无法导入 {element}',
};

/** bpmn-js's `translate(template, replacements)` in Chinese. */
export function translateZh(template: string, replacements: Record<string, string> = {}): string {
  const text = WORDS[template] ?? template;
  return text.replace(/{([^}]+)}/g, (_, key: string) => replacements[key] ?? `{${key}}`);
}

/** The module that replaces bpmn-js's `translate` service. */
export const chineseModule = { translate: ['value', translateZh] };
