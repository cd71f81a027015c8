import type { FastifyBaseLogger } from 'fastify';

/**
 * A background task run every `intervalMs` (docs/README.md#background-work-and-several-instances), never twice at once in one process;
 * across instances the task itself claims its work with row locks. `runOnce` runs it now (tests,
 * or a caller that wants it at once); `stop` waits for a run in progress.
 */
export class PeriodicJob<T> {
  private timer?: NodeJS.Timeout;
  private running?: Promise<T>;
  private stopped = true;

  constructor(
    private readonly name: string,
    private readonly task: () => Promise<T>,
    private readonly opts: { intervalMs: number; log: FastifyBaseLogger; firstDelayMs?: number },
  ) {}

  start() {
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      await this.runOnce().catch((err) => this.opts.log.error({ err }, `${this.name} failed`));
      if (!this.stopped) this.timer = setTimeout(tick, this.opts.intervalMs);
    };
    this.timer = setTimeout(tick, this.opts.firstDelayMs ?? 1000);
    this.timer.unref?.();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
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
