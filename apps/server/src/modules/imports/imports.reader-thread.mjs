// Starts the upload reader thread (imports.reader.ts): the server's TypeScript runs without a build
// step (decision 0001), and a worker thread does not inherit the loader of the process that starts it.
import { register } from 'tsx/esm/api';

register();
await import('./imports.reader-thread.ts');
