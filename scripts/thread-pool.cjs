// Preloaded by the start script (`node --require=./scripts/thread-pool.cjs dist/server/main.mjs`):
// libuv's thread pool gets one thread per core unless UV_THREADPOOL_SIZE is given. It must be set
// before the pool's first task, and loading an ES module already reads its file through the pool,
// so it cannot be set from the server's own code (docs/decisions/081-fill-and-sign-in-speed.md).
// Sign-in's argon2id runs on that pool: four threads on two cores took turns with the event loop
// and with each other's 19 MiB of memory.
'use strict';
if (!process.env.UV_THREADPOOL_SIZE) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload, read without the pool
  const os = require('node:os');
  process.env.UV_THREADPOOL_SIZE = String(os.availableParallelism());
}
