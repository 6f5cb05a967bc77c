/** Training projects (实训项目): what other modules use — the list query (the business wizard chooses from it). */
export { useProjectList } from './useProjects.ts';
