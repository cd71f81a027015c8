-- fold() of 0001 had its two translate() lists one character apart ('è' became 'c', 'ñ' became 'l'…):
-- redefined with lists generated from Unicode (every Latin-1 and Latin Extended-A letter whose
-- canonical decomposition is an ASCII letter and accents), upper case included for servers whose
-- lower() leaves accented capitals alone. Same rule as foldText in src/domain/villes.ts.
CREATE OR REPLACE FUNCTION fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽž',
    'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzz')
$$;
--> statement-breakpoint
-- The registry's search column is made with fold(): recompute it.
UPDATE registre_etudiant SET recherche = fold(ine || ' ' || nom_etudiant || ' ' || prenom_etudiant);
