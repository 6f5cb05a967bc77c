import { afterEach } from 'vitest';
import { unmountAll } from './mount.tsx';

// The web project's setup file (vite.config.ts): run before each test file, so its hooks hold in
// every file although a worker's files share their modules.
afterEach(unmountAll);
