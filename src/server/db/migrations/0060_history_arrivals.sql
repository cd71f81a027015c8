-- A dossier's history says when its student arrived: the key handed (an `ARRIVEE` event, written
-- with each key from now on). The keys handed before are told here, once each, on their moment (to
-- the millisecond, as the server writes it) and
-- by their agent, with the bed the key was for as the history writes it (« Cité, Bâtiment, Chambre,
-- Lit », as a bed's assignment) and the key.
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT a.id_dossier, a.id_session_cenou, 'ARRIVEE', date_trunc('milliseconds', rc.remise_le), rc.id_auteur,
  (SELECT COALESCE(NULLIF(concat_ws(' ', nullif(trim(u.nom), ''), nullif(trim(u.prenom), '')), ''), u.user_name)
     FROM users u WHERE u.id = rc.id_auteur),
  jsonb_build_object(
    'idAffectation', a.id_affectation,
    'lieu', c.nom_cite || ', ' || b.libelle_batiment || ', ' || ch.libelle_chambre || ', ' || l.libelle_lit,
    'codeCle', rc.code_cle)
FROM remise_cle rc
JOIN affectation a ON a.id_affectation = rc.id_affectation
JOIN cite c ON c.id_cite = a.id_cite
JOIN lit l ON l.id_lit = rc.id_lit
JOIN chambre ch ON ch.id_chambre = l.id_chambre
JOIN couloir co ON co.id_couloir = ch.id_couloir
JOIN niveau n ON n.id_niveau = co.id_niveau
JOIN batiment b ON b.id_batiment = n.id_batiment
WHERE NOT EXISTS (
  SELECT 1 FROM dossier_evenement e
  WHERE e.id_dossier = a.id_dossier AND e.evenement = 'ARRIVEE'
    AND e.detail->>'idAffectation' = a.id_affectation::text);
