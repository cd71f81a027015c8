import { sql } from 'drizzle-orm';
import { ETATS_SESSION, ETUDIANT, normalizeRole } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import type { ResourceRow } from '../../../domain/resources/types';
import { villeKey } from '../../../domain/villes';
import { one } from '../../db/client';
import { AppError, fieldError, fieldErrors } from '../../errors';
import type { ResourceHooks } from '../../crud/service';
import { containsSql } from '../../crud/list-query';
import { hashPassword } from '../../security/passwords';

/** Ville: keeps the matching key used for names given in files (CONTRACT §1). */
export const villeHooks: ResourceHooks = {
  beforeWrite(_ctx, data) {
    data.cleVille = villeKey(String(data.nomVille));
  },
};

/**
 * Users (CONTRACT §4): admin only; staff roles only (a student account comes from registration);
 * the password is hashed, never returned; a new password or a delete ends older tokens.
 */
export const userHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const role = normalizeRole(data.role);
    if (!role) throw fieldError('role', 'choixInvalide');
    const wasStudent = ctx.existing?.role === ETUDIANT;
    if (role === ETUDIANT && !wasStudent) throw fieldError('role', 'roleEtudiantInterdit');
    if (wasStudent && role !== ETUDIANT) throw fieldError('role', 'roleEtudiantInterdit');
    data.role = role;
    const password = data.password;
    delete data.password;
    if (typeof password === 'string' && password !== '') {
      data.passwordHash = await hashPassword(password);
      if (ctx.mode === 'update') data.tokenVersion = Number(ctx.existing?.token_version ?? 0) + 1;
    }
  },
  async afterDelete({ tx, id }) {
    await tx.execute(sql`UPDATE users SET token_version = token_version + 1 WHERE id = ${id}`);
  },
  listConditions(query) {
    const text = typeof query.username === 'string' ? query.username.trim() : '';
    return text ? [containsSql(sql.raw('t0.user_name'), text)] : [];
  },
  toResponse(row: ResourceRow) {
    const { password: _p, passwordHash: _h, password_hash: _hh, ...rest } = row as Record<string, unknown>;
    return rest;
  },
};

const phaseIndex = (etat: unknown) => ETATS_SESSION.indexOf(etat as (typeof ETATS_SESSION)[number]);

/**
 * Sessions (CONTRACT §5): at most one OUVERT or SUSPENDU session per direction; the phase only
 * moves forward; FERME ends a session; the academic year comes from the opening date.
 */
export const sessionHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const { tx, existing } = ctx;
    data.anneeDebut = Number(String(data.dateOuverture).slice(0, 4));
    if (data.dateFermeture && String(data.dateFermeture) < String(data.dateOuverture)) {
      throw fieldError('dateFermeture', 'dateInvalide');
    }
    if (existing) {
      if (existing.statut_session === 'FERME' && data.statutSession !== 'FERME') {
        throw new AppError('SESSION_FERMEE', { text: 'Une session fermée ne peut plus être rouverte.' });
      }
      if (phaseIndex(data.etatSession) < phaseIndex(existing.etat_session)) {
        throw new AppError('SESSION_FERMEE', 'phaseRetour');
      }
    }
    if (data.statutSession === 'OUVERT' || data.statutSession === 'SUSPENDU') {
      // Serialise writers of the same direction, then look for another active session.
      await tx.execute(sql`SELECT 1 FROM direction WHERE id_direction = ${data.idDirection} FOR UPDATE`);
      const other = await one(
        tx,
        sql`SELECT 1 FROM session_cenou WHERE id_direction = ${data.idDirection} AND deleted_at IS NULL
            AND statut_session IN ('OUVERT', 'SUSPENDU') ${ctx.id ? sql`AND id_session_cenou <> ${ctx.id}` : sql``} LIMIT 1`,
      );
      if (other) throw new AppError('DOUBLON', 'sessionDejaOuverte', [{ champ: 'statutSession', message: messages.sessionDejaOuverte }]);
    }
  },
};

/**
 * Quotas (CONTRACT §6): only on a criterion of a deliberation list, on a session OUVERT and in
 * DELIBERATION, with a value above zero, one per session and criterion.
 */
export const quotaHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const { tx } = ctx;
    const critere = await one<{ liste: string | null }>(
      tx,
      sql`SELECT liste_deliberation AS liste FROM critere WHERE id_critere = ${data.idCritere} AND deleted_at IS NULL`,
    );
    if (critere && !critere.liste) throw fieldErrors([{ champ: 'idCritere', message: messages.quotaCritereSansListe }]);
    const session = await one<{ etat: string; statut: string }>(
      tx,
      sql`SELECT etat_session AS etat, statut_session AS statut FROM session_cenou
          WHERE id_session_cenou = ${data.idSessionCenou} AND deleted_at IS NULL FOR SHARE`,
    );
    if (session && (session.etat !== 'DELIBERATION' || session.statut !== 'OUVERT')) {
      throw new AppError('SESSION_FERMEE', 'quotaSessionDeliberation');
    }
  },
};
