// A read worker from source (tests, `npm run dev`): TypeScript through tsx, registered here
// because a worker does not take the main thread's loader hooks. The built server runs the
// bundled read-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
