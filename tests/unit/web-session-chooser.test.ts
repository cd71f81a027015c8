import { describe, expect, it } from 'vitest';
import type { StatutSession } from '../../src/domain/enums';
import {
  defaultDirectionOf,
  defaultSessionOf,
  openSessionOf,
  sessionsOf,
  type Session,
} from '../../src/web/features/staff/sessions';

const s = (idSessionCenou: number, idDirection: number, statutSession: StatutSession): Session => ({
  idSessionCenou,
  idDirection,
  libelleDirection: null,
  statutSession,
  etatSession: 'INSCRIPTION' as const,
});

describe('the staff screens’ one session choice', () => {
  const sessions = [
    s(1, 1, 'FERME'),
    s(4, 1, 'OUVERT'),
    s(2, 1, 'FERME'),
    s(3, 2, 'SUSPENDU'),
    s(5, 3, 'FERME'),
    s(6, 3, 'FERME'),
  ];

  it('lists a direction’s sessions with the open one first, then the newest', () => {
    expect(sessionsOf(sessions, 1).map((x) => x.idSessionCenou)).toEqual([4, 2, 1]);
    expect(openSessionOf(sessions, 2)?.idSessionCenou).toBe(3);
    expect(openSessionOf(sessions, 3)).toBeNull();
  });

  it('orders the closed sessions by their academic year, not by their ids (past years written later)', () => {
    const years = [
      { ...s(10, 7, 'OUVERT'), anneeDebut: 2026 },
      { ...s(11, 7, 'FERME'), anneeDebut: 2025 },
      { ...s(12, 7, 'FERME'), anneeDebut: 2023 },
      { ...s(13, 7, 'FERME'), anneeDebut: 2024 },
    ];
    expect(sessionsOf(years, 7).map((x) => x.anneeDebut)).toEqual([2026, 2025, 2024, 2023]);
  });

  it('starts on the open (or suspended) session, else the newest, and nothing without a direction', () => {
    expect(defaultSessionOf(sessions, 1, null)).toBe(4);
    expect(defaultSessionOf(sessions, 2, null)).toBe(3);
    expect(defaultSessionOf(sessions, 3, null)).toBe(6);
    expect(defaultSessionOf(sessions, 9, null)).toBeNull();
    expect(defaultSessionOf(sessions, null, 4)).toBeNull();
  });

  it('keeps a chosen session while it is the direction’s, not another direction’s', () => {
    expect(defaultSessionOf(sessions, 1, 1)).toBe(1);
    expect(defaultSessionOf(sessions, 1, 5)).toBe(4);
  });

  it('the rent screen: the first preferred session (with assignments), open first then newest', () => {
    // Direction 1's open session (4) is empty, last year's (2) has assignments: /loyers opens on 2.
    expect(defaultSessionOf(sessions, 1, null, new Set([2, 1]))).toBe(2);
    expect(defaultSessionOf(sessions, 1, null, new Set([4, 2]))).toBe(4);
    // None preferred: the usual rule; a choice made is kept.
    expect(defaultSessionOf(sessions, 1, null, new Set([5]))).toBe(4);
    expect(defaultSessionOf(sessions, 1, 1, new Set([2]))).toBe(1);
  });

  it('the rent screen for central roles: its own direction when it has assignments, else the newest’s', () => {
    // Newest first, as `GET campus/loyer/sessions` answers.
    const rent = [
      { idSessionCenou: 6, idDirection: 3 },
      { idSessionCenou: 2, idDirection: 1 },
    ];
    expect(defaultDirectionOf(rent, 1)).toBe(1);
    expect(defaultDirectionOf(rent, 2)).toBe(3);
    expect(defaultDirectionOf(rent, null)).toBe(3);
    // No assignment anywhere: nothing chosen (the user chooses).
    expect(defaultDirectionOf([], 1)).toBeNull();
  });
});
