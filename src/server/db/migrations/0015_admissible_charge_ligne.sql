-- Decision 014: the admissible list reads a page's or an export's rows by key; an uploaded row's key is
-- minus its id, which without this index was a sequential scan of the upload for every row read.
CREATE INDEX "admissible_charge_ligne" ON "admissible_charge" USING btree ((-"id_admissible_charge"));
