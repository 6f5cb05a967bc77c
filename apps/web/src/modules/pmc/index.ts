// What other modules use of pmc: the only way in from another module (checks/boundaries.test.ts).
export { PmcHomeBlock } from './PmcHomeBlock.tsx';
