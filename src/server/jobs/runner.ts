import type { FastifyBaseLogger } from 'fastify';
import { RoundLoop, type Wake } from './loop';

/**
 * A background task run every `intervalMs` (docs/README.md#background-work-and-several-instances), never twice at once in one process;
 * across instances the task itself claims its work with row locks. With `wake`, it runs when a
 * commit inserts into one of its tables and otherwise only every `LISTENING_POLL_MS` while the
 * notifications are live (src/server/jobs/loop.ts). `runOnce` runs it now (tests, or a caller
 * that wants it at once); `stop` waits for a run in progress.
 */
export class PeriodicJob<T> {
  private readonly loop: RoundLoop;
  private running?: Promise<T>;

  constructor(
    name: string,
    private readonly task: () => Promise<T>,
    opts: { intervalMs: number; log: FastifyBaseLogger; firstDelayMs?: number; wake?: Wake },
  ) {
    this.loop = new RoundLoop(() => this.runOnce(), {
      name,
      log: opts.log,
      intervalMs: opts.intervalMs,
      firstDelayMs: opts.firstDelayMs ?? 1000,
      wake: opts.wake,
    });
  }

  start() {
    this.loop.start();
  }

  async stop() {
    this.loop.stop();
    await this.running?.catch(() => undefined);
  }

  runOnce(): Promise<T> {
    if (!this.running) {
      this.running = this.task().finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }
}

/**
 * The wait before an outbox's next try (mail, SMS): `baseMs` after the first failure, doubled at
 * each one, at most `maxMs` (defaults 2 s and 10 minutes). `attempts` counts the tries made.
 */
export function retryDelayMs(attempts: number, baseMs = 2000, maxMs = 600_000): number {
  return Math.min(baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 20), maxMs);
}
