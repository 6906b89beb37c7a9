// The dictionary thread from source (tests, `npm run dev`): TypeScript through tsx, registered
// here because a worker does not take the main thread's loader hooks. The built server runs the
// bundled dictionary-worker.js instead.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
