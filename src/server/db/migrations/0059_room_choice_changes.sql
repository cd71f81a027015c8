-- The free rooms of the room choice kept while nothing changes in their cité
-- (docs/decisions/145-room-choice-free-rooms-kept.md). At the commit of any write that can change
-- which beds of a cité are free — an assignment (a hold confirmed, staff's placement or fill, a
-- cancellation, a departure), a hold (made, confirmed, cancelled, extended) or a held bed — the
-- database tells every instance (LISTEN chambres_modifiees) the cité's id; an instance serves the
-- list it kept of that cité only while it was told nothing of it. One notification per cité and
-- transaction (PostgreSQL folds the same payload); '*' (a TRUNCATE) names every cité.
CREATE OR REPLACE FUNCTION cite_de_chambre(p_id_chambre integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT b.id_cite FROM chambre ch
    JOIN couloir co ON co.id_couloir = ch.id_couloir
    JOIN niveau n ON n.id_niveau = co.id_niveau
    JOIN batiment b ON b.id_batiment = n.id_batiment
  WHERE ch.id_chambre = p_id_chambre
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION chambres_modifiees() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  anciennes integer;
  nouvelles integer;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('chambres_modifiees', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'affectation' THEN
    IF TG_OP <> 'INSERT' THEN anciennes := OLD.id_cite; END IF;
    IF TG_OP <> 'DELETE' THEN nouvelles := NEW.id_cite; END IF;
  ELSIF TG_TABLE_NAME = 'reservation' THEN
    IF TG_OP <> 'INSERT' THEN anciennes := cite_de_chambre(OLD.id_chambre); END IF;
    IF TG_OP <> 'DELETE' THEN nouvelles := cite_de_chambre(NEW.id_chambre); END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      anciennes := cite_de_chambre((SELECT l.id_chambre FROM lit l WHERE l.id_lit = OLD.id_lit));
    END IF;
    IF TG_OP <> 'DELETE' THEN
      nouvelles := cite_de_chambre((SELECT l.id_chambre FROM lit l WHERE l.id_lit = NEW.id_lit));
    END IF;
  END IF;
  IF anciennes IS NOT NULL THEN PERFORM pg_notify('chambres_modifiees', anciennes::text); END IF;
  IF nouvelles IS NOT NULL AND nouvelles IS DISTINCT FROM anciennes THEN
    PERFORM pg_notify('chambres_modifiees', nouvelles::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS affectation_chambres_modifiees ON affectation;
--> statement-breakpoint
CREATE TRIGGER affectation_chambres_modifiees AFTER INSERT OR DELETE
  OR UPDATE OF id_cite, id_lit, id_etudiant, id_session_cenou, deleted_at ON affectation
  FOR EACH ROW EXECUTE FUNCTION chambres_modifiees();
--> statement-breakpoint
DROP TRIGGER IF EXISTS affectation_chambres_videes ON affectation;
--> statement-breakpoint
CREATE TRIGGER affectation_chambres_videes AFTER TRUNCATE ON affectation
  FOR EACH STATEMENT EXECUTE FUNCTION chambres_modifiees();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reservation_chambres_modifiees ON reservation;
--> statement-breakpoint
CREATE TRIGGER reservation_chambres_modifiees AFTER INSERT OR DELETE
  OR UPDATE OF etat, expire_a, id_chambre ON reservation
  FOR EACH ROW EXECUTE FUNCTION chambres_modifiees();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reservation_chambres_videes ON reservation;
--> statement-breakpoint
CREATE TRIGGER reservation_chambres_videes AFTER TRUNCATE ON reservation
  FOR EACH STATEMENT EXECUTE FUNCTION chambres_modifiees();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reservation_lit_chambres_modifiees ON reservation_lit;
--> statement-breakpoint
CREATE TRIGGER reservation_lit_chambres_modifiees AFTER INSERT OR DELETE
  OR UPDATE OF id_lit, id_etudiant, id_reservation ON reservation_lit
  FOR EACH ROW EXECUTE FUNCTION chambres_modifiees();
--> statement-breakpoint
DROP TRIGGER IF EXISTS reservation_lit_chambres_videes ON reservation_lit;
--> statement-breakpoint
CREATE TRIGGER reservation_lit_chambres_videes AFTER TRUNCATE ON reservation_lit
  FOR EACH STATEMENT EXECUTE FUNCTION chambres_modifiees();
