import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import type { Db } from '../../src/server/db/client';
import { AppError } from '../../src/server/errors';
import { lockOpenSession } from '../../src/server/sessions/open-session';
import type { TestContext } from '../helpers/app';
import { Fixtures, useFixtures } from '../helpers/resources';

let t: TestContext;
let f: Fixtures;
useFixtures((c) => ({ t, f } = c));

const inTx = <T>(fn: (tx: Db) => Promise<T>) => t.database.db.transaction((tx) => fn(tx as unknown as Db));

async function refusal(run: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = await run.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.status, code: e.code, message: e.message };
}

describe('lockOpenSession', () => {
  it("finds the direction's open session in the write's phase and returns it", async () => {
    const s = await f.create('session-cenou', { etatSession: 'INSCRIPTION', statutSession: 'OUVERT' });
    const locked = await inTx((tx) => lockOpenSession(tx, { idDirection: Number(s.idDirection) }, 'deposit'));
    expect(locked).toMatchObject({
      idSessionCenou: s.idSessionCenou,
      idDirection: s.idDirection,
      etatSession: 'INSCRIPTION',
      statutSession: 'OUVERT',
      anneeDebut: 2026,
    });
    // the same session, named
    const named = await inTx((tx) =>
      lockOpenSession(tx, { idSessionCenou: Number(s.idSessionCenou) }, 'dossierDelete'),
    );
    expect(named.idSessionCenou).toBe(s.idSessionCenou);
    // another phase's write is refused with its own message
    expect(
      await refusal(inTx((tx) => lockOpenSession(tx, { idDirection: Number(s.idDirection) }, 'analysis'))),
    ).toEqual({ status: 409, code: 'SESSION_FERMEE', message: messages.sessionAnalyseClose });
  });

  it('a direction without an open session: the write is refused as closed', async () => {
    const d = await f.create('direction');
    expect(
      await refusal(inTx((tx) => lockOpenSession(tx, { idDirection: Number(d.idDirection) }, 'deposit'))),
    ).toEqual({ status: 409, code: 'SESSION_FERMEE', message: messages.sessionDepotFermee });
    const closed = await f.create('session-cenou', { etatSession: 'INSCRIPTION', statutSession: 'FERME' });
    expect(
      (
        await refusal(
          inTx((tx) => lockOpenSession(tx, { idDirection: Number(closed.idDirection) }, 'deposit')),
        )
      ).message,
    ).toBe(messages.sessionDepotFermee);
    expect(
      (
        await refusal(
          inTx((tx) =>
            lockOpenSession(tx, { idSessionCenou: Number(closed.idSessionCenou) }, 'dossierDelete'),
          ),
        )
      ).message,
    ).toBe(messages.suppressionDossierImpossible);
  });

  it('a SUSPENDU session stops every write; an unknown session is 404', async () => {
    const s = await f.create('session-cenou', { etatSession: 'ANALYSE', statutSession: 'SUSPENDU' });
    for (const write of ['deposit', 'analysis', 'deliberation'] as const) {
      expect(
        await refusal(inTx((tx) => lockOpenSession(tx, { idDirection: Number(s.idDirection) }, write))),
      ).toEqual({ status: 409, code: 'SESSION_FERMEE', message: messages.sessionSuspendue });
    }
    expect(
      (await refusal(inTx((tx) => lockOpenSession(tx, { idSessionCenou: 999_999_999 }, 'analysis')))).status,
    ).toBe(404);
  });

  it('holds the session row FOR SHARE until the end of the transaction', async () => {
    const s = await f.create('session-cenou', { etatSession: 'DELIBERATION', statutSession: 'OUVERT' });
    const mode = await inTx(async (tx) => {
      await lockOpenSession(tx, { idSessionCenou: Number(s.idSessionCenou) }, 'quota');
      // A row lock is written in the row's header: its xmax names the locking transaction.
      const r = (await tx.execute(
        sql`SELECT xmax <> 0 AS locked FROM session_cenou WHERE id_session_cenou = ${s.idSessionCenou}`,
      )) as unknown as { rows: { locked: boolean }[] };
      return r.rows[0].locked;
    });
    expect(mode).toBe(true);
  });
});
