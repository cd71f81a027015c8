import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { JOB_CHANNEL, NotificationHub } from '../db/notifications';
import { parseJobPayload, RoundLoop, type RoundLoopOptions } from './loop';

/**
 * The schedule of the background loops (docs/operations.md#the-job-queue): by the clock while the
 * database's notifications are not live, woken by the commits that queue jobs while they are, one
 * more round after a notification that came during a round, and back to the clock when the
 * listening connection is lost (a round at once when it is back).
 */

const log = { error: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loops: RoundLoop[] = [];

afterEach(() => {
  for (const l of loops.splice(0)) l.stop();
});

function loop(opts: Partial<RoundLoopOptions> & { hub?: NotificationHub; roundMs?: number } = {}) {
  const rounds: (string[] | null)[] = [];
  const l = new RoundLoop(
    async (woken) => {
      rounds.push(woken ? [...woken].sort() : null);
      if (opts.roundMs) await sleep(opts.roundMs);
    },
    {
      name: 'test',
      log,
      intervalMs: 40,
      firstDelayMs: 0,
      listeningPollMs: 60_000,
      wakeGapMs: 20,
      wake: opts.hub ? { notifications: opts.hub, tables: ['outbox_sms', 'outbox_lot'] } : undefined,
      ...opts,
    },
  );
  loops.push(l);
  return { l, rounds };
}

describe('the loops of the background work', () => {
  it('without notifications, a round every intervalMs', async () => {
    const { l, rounds } = loop();
    l.start();
    await sleep(230);
    expect(rounds.length).toBeGreaterThanOrEqual(3);
    expect(rounds.every((r) => r === null)).toBe(true);
  });

  it('while listening, no round by the clock: a commit into one of its tables wakes it, others do not', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub });
    l.start();
    await sleep(150);
    // The first round (at the start), then nothing until a notification.
    expect(rounds).toEqual([null]);
    hub.deliver(JOB_CHANNEL, 'outbox_mail');
    hub.deliver('table_modifiee', 'outbox_sms');
    await sleep(100);
    expect(rounds).toEqual([null]);
    hub.deliver(JOB_CHANNEL, 'outbox_sms');
    hub.deliver(JOB_CHANNEL, 'outbox_lot');
    await sleep(100);
    expect(rounds).toEqual([null, ['outbox_lot', 'outbox_sms']]);
  });

  it('a steady flow of commits still gets a whole round once a listening poll has passed', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    // Commits every 30 ms, a listening poll of 150 ms: the poll's own timer is put off by every
    // wake, so the loop itself makes one of the woken rounds a whole one (a lot given back for a
    // retry, which no commit announces, is then still looked at).
    const { l, rounds } = loop({ hub, listeningPollMs: 150 });
    l.start();
    await sleep(10);
    const flow = setInterval(() => hub.deliver(JOB_CHANNEL, 'outbox_sms'), 30);
    await sleep(500);
    clearInterval(flow);
    const whole = rounds.slice(1).filter((r) => r === null).length;
    const woken = rounds.slice(1).filter((r) => r !== null).length;
    expect(woken).toBeGreaterThanOrEqual(5);
    expect(whole).toBeGreaterThanOrEqual(2);
  });

  it('a notification during a round runs one more round after it', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub, roundMs: 80 });
    l.start();
    await sleep(20);
    hub.deliver(JOB_CHANNEL, 'outbox_sms');
    hub.deliver(JOB_CHANNEL, 'outbox_sms');
    await sleep(300);
    expect(rounds).toEqual([null, ['outbox_sms']]);
  });

  it('looks again when the round said its next job falls due', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    let due: number | undefined = 100;
    const { l, rounds } = loop({ hub, dueInMs: () => due });
    l.start();
    await sleep(50);
    expect(rounds).toEqual([null]);
    due = undefined;
    await sleep(150);
    expect(rounds).toEqual([null, null]);
  });

  it('a job told due later: a round at its due time, not before; re-armed when an earlier one is told', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub });
    l.start();
    await sleep(30);
    expect(rounds).toEqual([null]);
    hub.deliver(JOB_CHANNEL, 'outbox_sms 700');
    hub.deliver(JOB_CHANNEL, 'outbox_sms 150');
    // Another table's job: no round for it.
    hub.deliver(JOB_CHANNEL, 'outbox_mail 50');
    await sleep(100);
    expect(rounds).toEqual([null]);
    await sleep(350);
    expect(rounds).toEqual([null, null]);
    // The later one (700 ms) is left to what that round read of its queue (here: nothing due).
    await sleep(500);
    expect(rounds).toEqual([null, null]);
  });

  it('a job told due later during a round: its timer armed after the round', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub, roundMs: 80 });
    l.start();
    await sleep(20);
    hub.deliver(JOB_CHANNEL, 'outbox_lot 200');
    await sleep(150);
    expect(rounds).toEqual([null]);
    await sleep(300);
    expect(rounds).toEqual([null, null]);
  });

  it('reads the payload of a job notification', () => {
    expect(parseJobPayload('outbox_sms')).toEqual({ table: 'outbox_sms', dueInMs: 0 });
    expect(parseJobPayload('simulateur_transaction 1000')).toEqual({
      table: 'simulateur_transaction',
      dueInMs: 1000,
    });
    expect(parseJobPayload('outbox_sms x')).toEqual({ table: 'outbox_sms', dueInMs: 0 });
  });

  it('the listening connection lost: by the clock again; back: a round at once', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub });
    l.start();
    await sleep(60);
    expect(rounds.length).toBe(1);
    hub.setLive(false);
    await sleep(150);
    const whileDown = rounds.length;
    expect(whileDown).toBeGreaterThanOrEqual(3);
    hub.setLive(true);
    await sleep(60);
    expect(rounds.length).toBe(whileDown + 1);
    await sleep(120);
    expect(rounds.length).toBe(whileDown + 1);
  });

  it('stopped: neither the clock nor a notification runs a round', async () => {
    const hub = new NotificationHub();
    hub.setLive(true);
    const { l, rounds } = loop({ hub });
    l.start();
    await sleep(30);
    l.stop();
    hub.deliver(JOB_CHANNEL, 'outbox_sms');
    await sleep(100);
    expect(rounds).toEqual([null]);
  });
});
