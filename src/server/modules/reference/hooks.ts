import { sql } from 'drizzle-orm';
import { ETATS_SESSION, ETUDIANT, normalizeRole } from '../../../domain/enums';
import { messages } from '../../../domain/messages';
import type { ResourceRow } from '../../../domain/resources/types';
import { villeKey } from '../../../domain/villes';
import { one } from '../../db/client';
import { AppError, fieldError, fieldErrors } from '../../errors';
import type { ResourceHooks } from '../../crud/service';
import { containsSql } from '../../crud/list-query';
import { isReferenced } from '../../crud/repository';
import { hashPassword } from '../../security/passwords';

/**
 * Ville: keeps the matching key used for names given in files (CONTRACT §1); two villes whose
 * names match that way ('Bobo-Dioulasso', 'bobo dioulasso') would make files ambiguous (409).
 */
export const villeHooks: ResourceHooks = {
  async beforeWrite({ tx, id }, data) {
    if (data.nomVille === undefined) return;
    data.cleVille = villeKey(String(data.nomVille));
    const twin = await one(
      tx,
      sql`SELECT 1 FROM ville WHERE cle_ville = ${data.cleVille} AND deleted_at IS NULL
          ${id ? sql`AND id_ville <> ${id}` : sql``} LIMIT 1`,
    );
    if (twin)
      throw new AppError('DOUBLON', 'erreurDoublon', [
        { champ: 'nomVille', message: messages.erreurDoublon },
      ]);
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
 * moves forward; FERME ends a session; the academic year comes from the opening date; a session
 * in use (quotas, dossiers) stays with its direction.
 */
export const sessionHooks: ResourceHooks = {
  async beforeWrite(ctx, data) {
    const { tx, existing, id } = ctx;
    data.anneeDebut = Number(String(data.dateOuverture).slice(0, 4));
    const fermeture = data.dateFermeture !== undefined ? data.dateFermeture : existing?.date_fermeture;
    if (fermeture && String(fermeture) < String(data.dateOuverture)) {
      throw fieldErrors([{ champ: 'dateFermeture', message: messages.dateFermetureAvantOuverture }]);
    }
    if (existing && id) {
      if (existing.statut_session === 'FERME' && data.statutSession !== 'FERME') {
        throw new AppError('SESSION_FERMEE', 'sessionFermeeDefinitivement');
      }
      if (
        data.etatSession !== undefined &&
        phaseIndex(data.etatSession) < phaseIndex(existing.etat_session)
      ) {
        throw new AppError('SESSION_FERMEE', 'phaseRetour');
      }
      if (data.idDirection !== existing.id_direction && (await isReferenced(tx, ctx.def, id))) {
        throw fieldErrors([{ champ: 'idDirection', message: messages.sessionDirectionFigee }]);
      }
    }
    if (data.statutSession === 'OUVERT' || data.statutSession === 'SUSPENDU') {
      // Serialise writers of the same direction, then look for another active session. NO KEY UPDATE
      // goes with the KEY SHARE lock every write already holds on its parents (no deadlock).
      await tx.execute(
        sql`SELECT 1 FROM direction WHERE id_direction = ${data.idDirection} FOR NO KEY UPDATE`,
      );
      const other = await one(
        tx,
        sql`SELECT 1 FROM session_cenou WHERE id_direction = ${data.idDirection} AND deleted_at IS NULL
            AND statut_session IN ('OUVERT', 'SUSPENDU') ${id ? sql`AND id_session_cenou <> ${id}` : sql``} LIMIT 1`,
      );
      if (other)
        throw new AppError('DOUBLON', 'sessionDejaOuverte', [
          { champ: 'statutSession', message: messages.sessionDejaOuverte },
        ]);
    }
  },
};

/**
 * Quotas (CONTRACT §6): only on a criterion of a deliberation list, on a session OUVERT and in
 * DELIBERATION, with a value above zero, one per session and criterion.
 */
export const quotaHooks: ResourceHooks = {
  // The reference check already holds the session and the critère (KEY SHARE): a concurrent update
  // of either waits until this write is done, so what is read here stays true.
  async beforeWrite(ctx, data) {
    const { tx } = ctx;
    const critere = await one<{ liste: string | null }>(
      tx,
      sql`SELECT liste_deliberation AS liste FROM critere WHERE id_critere = ${data.idCritere} AND deleted_at IS NULL`,
    );
    if (critere && !critere.liste)
      throw fieldErrors([{ champ: 'idCritere', message: messages.quotaCritereSansListe }]);
    const session = await one<{ etat: string; statut: string }>(
      tx,
      sql`SELECT etat_session AS etat, statut_session AS statut FROM session_cenou
          WHERE id_session_cenou = ${data.idSessionCenou} AND deleted_at IS NULL`,
    );
    if (session && (session.etat !== 'DELIBERATION' || session.statut !== 'OUVERT')) {
      throw new AppError('SESSION_FERMEE', 'quotaSessionDeliberation');
    }
  },
};

/** Chambre: its category belongs to the cité of its couloir (categories are per cité). */
export const chambreHooks: ResourceHooks = {
  async beforeWrite({ tx }, data) {
    const row = await one<{ same: boolean }>(
      tx,
      sql`SELECT cat.id_cite = b.id_cite AS same
          FROM categorie_chambre cat, couloir c
          JOIN niveau n ON n.id_niveau = c.id_niveau JOIN batiment b ON b.id_batiment = n.id_batiment
          WHERE cat.id_categorie_chambre = ${data.idCategorieChambre} AND c.id_couloir = ${data.idCouloir}
            AND cat.deleted_at IS NULL AND c.deleted_at IS NULL`,
    );
    if (row && !row.same)
      throw fieldErrors([{ champ: 'idCategorieChambre', message: messages.categorieAutreCite }]);
  },
};

/** Catégorie de chambre: stays in its cité once rooms use it. */
export const categorieChambreHooks: ResourceHooks = {
  async beforeWrite({ tx, def, id, existing }, data) {
    if (id && existing && data.idCite !== existing.id_cite && (await isReferenced(tx, def, id))) {
      throw fieldErrors([{ champ: 'idCite', message: messages.categorieCiteFigee }]);
    }
  },
};
