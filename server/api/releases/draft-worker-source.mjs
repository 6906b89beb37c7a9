// The draft thread from source (tests, `npm run dev`): TypeScript through tsx, registered here
// because a worker does not take the main thread's loader hooks. The built server runs the
// bundled draft-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./draft-worker.ts');
