-- The statistics' arrears share counts the rent's instalments only, no longer the damage charged at
-- a departure (docs/decisions/139-statistics-rent-and-freed-beds.md): every session's stored rent
-- was summed under the former rule, so each is dropped and computed again by the next call.
UPDATE "statistique_session" SET "loyer" = NULL;
