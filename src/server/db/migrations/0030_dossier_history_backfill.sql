-- The dossier's history from its deposit (docs/sessions-and-dossiers.md#the-dossiers-history,
-- docs/decisions/039-dossier-history.md): the events that existing rows tell, written once for the
-- dossiers that have none of that kind. The deposit (its date, the student), the analysis (its date,
-- the analyst, the counts of its values, the score), each bed given (its date, the bed then as it is
-- named now) and given back, each rent payment that succeeded and each refund. A bed's move left no
-- trace of the bed before: none is written. Publications need none (read from their runs), nor
-- answers, expiries, withdrawals, reminders and promotions (stored since they exist).
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT d.id_dossier, d.id_session_cenou, 'DEPOT', d.date_depot, d.id_user,
  (SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
     FROM users u WHERE u.id = d.id_user),
  jsonb_build_object('reference', d.reference_dossier, 'typeDossier', d.type_dossier)
FROM dossier d
WHERE NOT EXISTS (SELECT 1 FROM dossier_evenement e WHERE e.id_dossier = d.id_dossier AND e.evenement = 'DEPOT');
--> statement-breakpoint
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT d.id_dossier, d.id_session_cenou, 'ANALYSE', d.date_analyse, d.analyse_par,
  (SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
     FROM users u WHERE u.id = d.analyse_par),
  jsonb_build_object(
    'valides', (SELECT count(*) FROM dossier_critere c WHERE c.id_dossier = d.id_dossier AND c.valeur_analyse = 'VALIDE'),
    'invalides', (SELECT count(*) FROM dossier_critere c WHERE c.id_dossier = d.id_dossier AND c.valeur_analyse = 'INVALIDE'),
    'injustifies', (SELECT count(*) FROM dossier_critere c WHERE c.id_dossier = d.id_dossier AND c.valeur_analyse = 'INJUSTIFIE'),
    'moyenne', d.moyenne)
FROM dossier d
WHERE d.date_analyse IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM dossier_evenement e WHERE e.id_dossier = d.id_dossier AND e.evenement = 'ANALYSE');
--> statement-breakpoint
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT x.id_dossier, x.id_session_cenou, x.evenement, x.at, x.id_auteur,
  (SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
     FROM users u WHERE u.id = x.id_auteur),
  x.detail
FROM (
  SELECT a.id_dossier, a.id_session_cenou, k.evenement,
    CASE k.evenement WHEN 'AFFECTATION' THEN a.created_at ELSE a.deleted_at END AS at,
    CASE k.evenement WHEN 'AFFECTATION' THEN a.id_auteur ELSE a.id_auteur_annulation END AS id_auteur,
    jsonb_strip_nulls(jsonb_build_object('idAffectation', a.id_affectation,
      'lieu', c.nom_cite || ', ' || b.libelle_batiment || ', ' || ch.libelle_chambre || ', ' || l.libelle_lit,
      'motif', CASE k.evenement WHEN 'AFFECTATION' THEN NULL ELSE a.motif_annulation END)) AS detail
  FROM affectation a
  JOIN cite c ON c.id_cite = a.id_cite
  JOIN chambre ch ON ch.id_chambre = a.id_chambre
  JOIN couloir co ON co.id_couloir = ch.id_couloir
  JOIN niveau n ON n.id_niveau = co.id_niveau
  JOIN batiment b ON b.id_batiment = n.id_batiment
  JOIN lit l ON l.id_lit = a.id_lit
  JOIN (VALUES ('AFFECTATION'), ('ANNULATION_AFFECTATION')) AS k(evenement)
    ON k.evenement = 'AFFECTATION' OR a.deleted_at IS NOT NULL
  WHERE NOT EXISTS (SELECT 1 FROM dossier_evenement e WHERE e.id_dossier = a.id_dossier
    AND e.evenement IN ('AFFECTATION', 'ANNULATION_AFFECTATION'))
) x
ORDER BY x.at;
--> statement-breakpoint
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT a.id_dossier, a.id_session_cenou, 'PAIEMENT', p.date_reussite, p.id_auteur,
  (SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
     FROM users u WHERE u.id = p.id_auteur),
  jsonb_build_object('montant', p.montant, 'moyen', o.libelle_operateur, 'numeroRecu', p.numero_recu,
    'reference', p.reference_paiement)
FROM paiement p
JOIN affectation a ON a.id_affectation = p.id_affectation
JOIN operateur o ON o.id_operateur = p.id_operateur
WHERE p.statut = 'REUSSI' AND p.date_reussite IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM dossier_evenement e WHERE e.id_dossier = a.id_dossier AND e.evenement = 'PAIEMENT')
ORDER BY p.date_reussite;
--> statement-breakpoint
INSERT INTO dossier_evenement (id_dossier, id_session_cenou, evenement, date_evenement, id_auteur, auteur, detail)
SELECT a.id_dossier, a.id_session_cenou, 'REMBOURSEMENT', r.created_at, r.id_auteur,
  (SELECT COALESCE(NULLIF(trim(COALESCE(u.prenom, '') || ' ' || COALESCE(u.nom, '')), ''), u.user_name)
     FROM users u WHERE u.id = r.id_auteur),
  jsonb_build_object('montant', r.montant, 'moyen', o.libelle_operateur, 'numeroPiece', r.numero_piece)
FROM remboursement r
JOIN affectation a ON a.id_affectation = r.id_affectation
JOIN operateur o ON o.id_operateur = r.id_operateur
WHERE NOT EXISTS (SELECT 1 FROM dossier_evenement e WHERE e.id_dossier = a.id_dossier AND e.evenement = 'REMBOURSEMENT')
ORDER BY r.created_at;
