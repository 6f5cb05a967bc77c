// What other modules use of guest: the only way in from another module (checks/boundaries.test.ts).
export { GuestHomeBlock } from './GuestHomeBlock.tsx';
