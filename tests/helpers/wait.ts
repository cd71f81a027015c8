/**
 * How long a test waits for something the machine does for it (a row, a log line, a file, a lock, a
 * page's text) before it fails. Generous on purpose: a loaded machine is slow, never wrong, and each
 * wait ends as soon as its event happens, so the bound only costs time when the test fails anyway.
 */
export const PATIENCE_MS = 60_000;

/**
 * Lets the event loop go round `n` times. A measure of work offered, not of time: whatever this
 * process still had to do without waiting for another (microtasks, immediates, a stream's writes)
 * has had `n` turns to do it, however slow the machine.
 */
export async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
