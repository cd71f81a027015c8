-- The account check of every call, kept by each instance of the server (docs/decisions/017-account-check-kept.md).
-- Each call read its account (role, direction, token version, live) before anything else: a third
-- of the database round trips of a page of a list. An instance now keeps what it read, and the
-- database tells every instance (LISTEN compte_modifie) the id of an account whose kept columns
-- change or that is deleted, at commit: an instance forgets that account, or all of them ('*') when
-- the table is emptied. The instance that commits is told before its commit returns (its own
-- connections listen too), the others as soon as the notification reaches them.
CREATE OR REPLACE FUNCTION compte_modifie() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('compte_modifie', '*');
  ELSE
    PERFORM pg_notify('compte_modifie', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_compte_modifie ON users;
--> statement-breakpoint
CREATE TRIGGER users_compte_modifie AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role
     OR OLD.id_direction IS DISTINCT FROM NEW.id_direction
     OR OLD.token_version IS DISTINCT FROM NEW.token_version
     OR OLD.user_name IS DISTINCT FROM NEW.user_name
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION compte_modifie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_compte_supprime ON users;
--> statement-breakpoint
CREATE TRIGGER users_compte_supprime AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION compte_modifie();
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_compte_vide ON users;
--> statement-breakpoint
CREATE TRIGGER users_compte_vide AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION compte_modifie();
