import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/domain/messages';
import { expectCode, expectFieldError, Fixtures, useFixtures, type Row } from '../helpers/resources';

let f: Fixtures;
useFixtures((c) => ({ f } = c));

const session = (
  idDirection: unknown,
  etatSession: string,
  statutSession: string,
  dateOuverture = '2026-09-01',
) => ({
  idDirection,
  etatSession,
  statutSession,
  dateOuverture,
  dateFermeture: null,
});

async function sessionsOf(idDirection: unknown): Promise<Row[]> {
  return f.list('session-cenou', `?idDirection=${idDirection}`);
}

describe('sessions: one OUVERT or SUSPENDU per direction', () => {
  it.each([['OUVERT'], ['SUSPENDU']])(
    'a second %s session of a direction is refused with 409 and nothing is written',
    async (statut) => {
      const first = await f.create('session-cenou');
      const res = await f.call(
        'POST',
        'campus/session-cenou',
        session(first.idDirection, 'INSCRIPTION', statut),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().errors[0].champ).toBe('statutSession');
      expect((await sessionsOf(first.idDirection)).map((s) => s.idSessionCenou)).toEqual([
        first.idSessionCenou,
      ]);
    },
  );

  it('a FERME session may be added; another direction is independent', async () => {
    const first = await f.create('session-cenou');
    expect(
      (
        await f.call(
          'POST',
          'campus/session-cenou',
          session(first.idDirection, 'DELIBERATION', 'FERME', '2025-09-01'),
        )
      ).statusCode,
    ).toBe(201);
    expect(await sessionsOf(first.idDirection)).toHaveLength(2);
    const other = await f.create('direction');
    expect(
      (await f.call('POST', 'campus/session-cenou', session(other.idDirection, 'INSCRIPTION', 'OUVERT')))
        .statusCode,
    ).toBe(201);
  });

  it('suspending keeps the slot taken; closing frees it; a closed session never reopens', async () => {
    const first = await f.create('session-cenou');
    const suspended = await f.call('PUT', `campus/session-cenou/${first.idSessionCenou}`, {
      ...first,
      statutSession: 'SUSPENDU',
    });
    expect(suspended.statusCode).toBe(200);
    expectCode(
      await f.call('POST', 'campus/session-cenou', session(first.idDirection, 'INSCRIPTION', 'OUVERT')),
      409,
      'DOUBLON',
    );
    expect(
      (
        await f.call('PUT', `campus/session-cenou/${first.idSessionCenou}`, {
          ...first,
          statutSession: 'OUVERT',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await f.call('PUT', `campus/session-cenou/${first.idSessionCenou}`, {
          ...first,
          statutSession: 'FERME',
        })
      ).statusCode,
    ).toBe(200);
    const next = await f.call(
      'POST',
      'campus/session-cenou',
      session(first.idDirection, 'INSCRIPTION', 'OUVERT', '2027-09-01'),
    );
    expect(next.statusCode).toBe(201);
    const reopen = await f.call('PUT', `campus/session-cenou/${first.idSessionCenou}`, {
      ...first,
      statutSession: 'OUVERT',
    });
    expectCode(reopen, 409, 'SESSION_FERMEE');
    expect((await f.get('session-cenou', first.idSessionCenou)).json().statutSession).toBe('FERME');
  });

  it('an update into a taken slot is refused too', async () => {
    const open = await f.create('session-cenou');
    const closedRes = await f.call(
      'POST',
      'campus/session-cenou',
      session(open.idDirection, 'INSCRIPTION', 'FERME', '2025-09-01'),
    );
    const closed = closedRes.json();
    // FERME cannot reopen anyway; a SUSPENDU one cannot take the slot either.
    const other = await f.create('session-cenou');
    const moved = await f.call('PUT', `campus/session-cenou/${other.idSessionCenou}`, {
      ...other,
      idDirection: open.idDirection,
    });
    expectCode(moved, 409, 'DOUBLON');
    expect((await sessionsOf(open.idDirection)).map((s) => s.idSessionCenou).sort()).toEqual(
      [open.idSessionCenou, closed.idSessionCenou].sort(),
    );
  });

  it('two concurrent creations for one direction: exactly one succeeds', async () => {
    const d = await f.create('direction');
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        f.call('POST', 'campus/session-cenou', session(d.idDirection, 'INSCRIPTION', 'OUVERT')),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await sessionsOf(d.idDirection)).toHaveLength(1);
  });
});

describe('sessions: phase forward only, year from the opening date', () => {
  it('INSCRIPTION → ANALYSE → DELIBERATION is accepted; any backward move is 409 and changes nothing', async () => {
    const s = await f.create('session-cenou');
    const put = (etatSession: string) =>
      f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, { ...s, etatSession });
    expect((await put('ANALYSE')).statusCode).toBe(200);
    expectCode(await put('INSCRIPTION'), 409, 'SESSION_FERMEE');
    expect((await put('ANALYSE')).statusCode).toBe(200);
    expect((await put('DELIBERATION')).json().etatSession).toBe('DELIBERATION');
    const back = await put('ANALYSE');
    expectCode(back, 409, 'SESSION_FERMEE');
    expect(back.json().message).toBe(messages.phaseRetour);
    expectCode(await put('INSCRIPTION'), 409, 'SESSION_FERMEE');
    expect((await f.get('session-cenou', s.idSessionCenou)).json().etatSession).toBe('DELIBERATION');
  });

  it('a phase may skip forward; an update without etatSession keeps it', async () => {
    const s = await f.create('session-cenou');
    const res = await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, {
      ...s,
      etatSession: 'DELIBERATION',
    });
    expect(res.statusCode).toBe(200);
    const { etatSession: _e, ...rest } = res.json();
    const kept = await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, {
      ...rest,
      dateFermeture: '2026-12-01',
    });
    expect(kept.json()).toMatchObject({ etatSession: 'DELIBERATION', dateFermeture: '2026-12-01' });
  });

  it('a session without etatSession starts in INSCRIPTION', async () => {
    const d = await f.create('direction');
    const res = await f.call('POST', 'campus/session-cenou', {
      idDirection: d.idDirection,
      statutSession: 'OUVERT',
      dateOuverture: '2026-10-05',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ etatSession: 'INSCRIPTION', dateFermeture: null });
  });

  it('anneeDebut is the year of dateOuverture, also after an update; a client value is ignored', async () => {
    const d = await f.create('direction');
    const res = await f.call('POST', 'campus/session-cenou', {
      ...session(d.idDirection, 'INSCRIPTION', 'OUVERT', '2025-11-03'),
      anneeDebut: 1999,
    });
    const created = res.json() as Row;
    expect(created).toMatchObject({ anneeDebut: 2025, dateOuverture: '2025-11-03' });
    const upd = await f.call('PUT', `campus/session-cenou/${created.idSessionCenou}`, {
      ...created,
      dateOuverture: '2026-01-10',
    });
    expect(upd.json().anneeDebut).toBe(2026);
  });

  it('a closing date before the opening date is refused, on create and on update', async () => {
    const s = await f.create('session-cenou');
    const res = await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, {
      ...s,
      dateOuverture: '2026-11-01',
    });
    expectFieldError(res, 'dateFermeture', messages.dateFermetureAvantOuverture);
  });

  it('a session in use keeps its direction', async () => {
    const q = await f.create('quota');
    const s = (await f.get('session-cenou', q.idSessionCenou)).json();
    const other = await f.create('direction');
    const res = await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, {
      ...s,
      idDirection: other.idDirection,
    });
    expectFieldError(res, 'idDirection', messages.sessionDirectionFigee);
    const free = await f.create('session-cenou');
    const moved = await f.call('PUT', `campus/session-cenou/${free.idSessionCenou}`, {
      ...free,
      idDirection: other.idDirection,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().libelleDirection).toBe(other.libelleDirection);
  });
});

describe('quotas', () => {
  let critere: Row;
  beforeAll(async () => {
    critere = await f.create('critere', { listeDeliberation: 'ETRANGERS' });
  });

  it.each([
    ['INSCRIPTION', 'OUVERT'],
    ['ANALYSE', 'OUVERT'],
    ['DELIBERATION', 'SUSPENDU'],
    ['DELIBERATION', 'FERME'],
  ])('on a session %s / %s: 409, nothing written', async (etat, statut) => {
    const s = await f.create('session-cenou', { etatSession: etat, statutSession: statut });
    const before = (await f.list('quota')).length;
    const res = await f.call('POST', 'campus/quota', {
      idSessionCenou: s.idSessionCenou,
      idCritere: critere.idCritere,
      valeurQuota: 10,
    });
    expectCode(res, 409, 'SESSION_FERMEE');
    expect(res.json().message).toBe(messages.quotaSessionDeliberation);
    expect((await f.list('quota')).length).toBe(before);
  });

  it('on a session OUVERT in DELIBERATION: 201 with its display fields', async () => {
    const s = await f.create('session-cenou', { etatSession: 'DELIBERATION' });
    const res = await f.call('POST', 'campus/quota', {
      idSessionCenou: s.idSessionCenou,
      idCritere: critere.idCritere,
      valeurQuota: '12',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      valeurQuota: 12,
      libelleCritere: critere.libelleCritere,
      listeDeliberation: 'ETRANGERS',
      libelleDirection: s.libelleDirection,
      idDirection: s.idDirection,
      anneeDebut: 2026,
    });
    expect(await f.list('quota', `?idDirection=${s.idDirection}`)).toHaveLength(1);
  });

  it('on a critère without listeDeliberation: 400 naming idCritere', async () => {
    const plain = await f.create('critere', { listeDeliberation: null });
    const s = await f.create('session-cenou', { etatSession: 'DELIBERATION' });
    const res = await f.call('POST', 'campus/quota', {
      idSessionCenou: s.idSessionCenou,
      idCritere: plain.idCritere,
      valeurQuota: 5,
    });
    expectFieldError(res, 'idCritere', messages.quotaCritereSansListe);
  });

  it('valeurQuota 0 is 400, on create and on update', async () => {
    const q = await f.create('quota');
    expectFieldError(
      await f.call('PUT', `campus/quota/${q.idQuota}`, { ...q, valeurQuota: 0 }),
      'valeurQuota',
      messages.valeurStrictementPositive,
    );
    expect((await f.get('quota', q.idQuota)).json().valeurQuota).toBe(q.valeurQuota);
  });

  it('once the session has left DELIBERATION/OUVERT, its quotas are frozen', async () => {
    const q = await f.create('quota');
    const s = (await f.get('session-cenou', q.idSessionCenou)).json();
    expect(
      (await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, { ...s, statutSession: 'FERME' }))
        .statusCode,
    ).toBe(200);
    expectCode(
      await f.call('PUT', `campus/quota/${q.idQuota}`, { ...q, valeurQuota: 99 }),
      409,
      'SESSION_FERMEE',
    );
    expect((await f.get('quota', q.idQuota)).json().valeurQuota).toBe(q.valeurQuota);
  });

  it('a quota on a deleted session or critère is 400 naming the field', async () => {
    const s = await f.create('session-cenou', { etatSession: 'DELIBERATION' });
    await f.remove('session-cenou', s.idSessionCenou);
    const res = await f.call('POST', 'campus/quota', {
      idSessionCenou: s.idSessionCenou,
      idCritere: critere.idCritere,
      valeurQuota: 5,
    });
    expectFieldError(res, 'idSessionCenou', messages.referenceInexistante);
  });

  it('a quota of a session that left DELIBERATION/OUVERT cannot be deleted (409); while open it can', async () => {
    const open = await f.create('quota');
    expect((await f.call('PATCH', `campus/quota/${open.idQuota}`)).statusCode).toBe(200);
    const q = await f.create('quota');
    const s = (await f.get('session-cenou', q.idSessionCenou)).json();
    expect(
      (await f.call('PUT', `campus/session-cenou/${s.idSessionCenou}`, { ...s, statutSession: 'SUSPENDU' }))
        .statusCode,
    ).toBe(200);
    const res = await f.call('PATCH', `campus/quota/${q.idQuota}`);
    expectCode(res, 409, 'SESSION_FERMEE');
    expect(res.json().message).toBe(messages.quotaSessionDeliberation);
    expect((await f.get('quota', q.idQuota)).statusCode).toBe(200);
  });
});

describe('critère and its quotas', () => {
  it('a critère carrying quotas cannot drop or change its listeDeliberation (409); other edits pass', async () => {
    const c = await f.create('critere', { listeDeliberation: 'PUPILLES' });
    const s = await f.create('session-cenou', { etatSession: 'DELIBERATION' });
    const q = await f.call('POST', 'campus/quota', {
      idSessionCenou: s.idSessionCenou,
      idCritere: c.idCritere,
      valeurQuota: 3,
    });
    expect(q.statusCode).toBe(201);
    for (const liste of [null, 'NATIONAUX']) {
      const res = await f.call('PUT', `campus/critere/${c.idCritere}`, { ...c, listeDeliberation: liste });
      expectCode(res, 409, 'REFERENCE_UTILISEE');
      expect(res.json().message).toBe(messages.critereListeFigee);
    }
    expect((await f.get('critere', c.idCritere)).json().listeDeliberation).toBe('PUPILLES');
    const renamed = await f.call('PUT', `campus/critere/${c.idCritere}`, {
      ...c,
      libelleCritere: 'Pupille (renommé)',
    });
    expect(renamed.statusCode).toBe(200);
    // Once its quotas are gone, the list may change.
    expect((await f.call('PATCH', `campus/quota/${q.json().idQuota}`)).statusCode).toBe(200);
    const moved = await f.call('PUT', `campus/critere/${c.idCritere}`, {
      ...c,
      listeDeliberation: 'NATIONAUX',
    });
    expect(moved.statusCode).toBe(200);
  });
});
