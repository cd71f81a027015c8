-- The admin and the central manager belong to no direction (docs/roles.md): their scope is every
-- direction and never read this column. Accounts made before this rule got one (the first admin
-- took the first direction, the user form required one): cleared.
UPDATE "users" SET "id_direction" = NULL
  WHERE "role" IN ('ROLE_HEBERGEMENT_ADMIN', 'ROLE_HEBERGEMENT_GESTIONNAIRE_CENOU') AND "id_direction" IS NOT NULL;
