-- Accent- and case-insensitive text for "contains" searches (same rule as foldText in src/domain/villes.ts).
CREATE OR REPLACE FUNCTION fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'àáâãäåāçćčèéêëēėęìíîïīįłñńòóôõöøōùúûüūÿýžźż',
    'aaaaaaacccceeeeeeeiiiiiilnnooooooouuuuuyyzzz')
$$;
--> statement-breakpoint
-- The 13 villes and their regional directions (docs/accounts.md#villes-and-directions).
INSERT INTO direction (libelle_direction, sigle_direction, email_direction, tel_direction) VALUES
  ('Direction régionale du Centre (Ouagadougou)', 'OUA', 'crouo@cenou.bf', '25 30 70 10'),
  ('Direction régionale des Hauts-Bassins (Bobo-Dioulasso)', 'BOB', 'croub@cenou.bf', '20 97 01 20'),
  ('Direction régionale de la Boucle du Mouhoun (Dédougou)', 'DED', 'dr.dedougou@cenou.bf', '20 52 01 30'),
  ('Direction régionale du Centre-Nord (Kaya)', 'KAY', 'dr.kaya@cenou.bf', '24 45 01 40'),
  ('Direction régionale du Plateau-Central (Ziniaré)', 'ZIN', 'dr.ziniare@cenou.bf', '25 30 90 50'),
  ('Direction régionale du Nord (Ouahigouya)', 'OHG', 'dr.ouahigouya@cenou.bf', '24 55 01 60'),
  ('Direction régionale de l''Est (Fada N''Gourma)', 'FAD', 'dr.fada@cenou.bf', '24 77 01 70'),
  ('Direction régionale du Centre-Est (Tenkodogo)', 'TNK', 'dr.tenkodogo@cenou.bf', '24 71 01 80'),
  ('Direction régionale du Centre-Ouest (Koudougou)', 'KDG', 'crouk@cenou.bf', '25 44 01 90'),
  ('Direction régionale du Sahel (Dori)', 'DOR', 'dr.dori@cenou.bf', '24 46 02 00'),
  ('Direction régionale des Cascades (Banfora)', 'BAN', 'dr.banfora@cenou.bf', '20 91 02 10'),
  ('Direction régionale du Centre-Sud (Manga)', 'MAN', 'dr.manga@cenou.bf', '25 40 02 20');
--> statement-breakpoint
INSERT INTO ville (id_direction, nom_ville, cle_ville) VALUES
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'OUA'), 'Ouagadougou', 'ouagadougou'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'OUA'), 'Ouagadougou 2', 'ouagadougou2'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'BOB'), 'Bobo-Dioulasso', 'bobodioulasso'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'DED'), 'Dédougou', 'dedougou'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'KAY'), 'Kaya', 'kaya'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'ZIN'), 'Ziniaré', 'ziniare'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'OHG'), 'Ouahigouya', 'ouahigouya'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'FAD'), 'Fada N''Gourma', 'fadangourma'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'TNK'), 'Tenkodogo', 'tenkodogo'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'KDG'), 'Koudougou', 'koudougou'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'DOR'), 'Dori', 'dori'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'BAN'), 'Banfora', 'banfora'),
  ((SELECT id_direction FROM direction WHERE sigle_direction = 'MAN'), 'Manga', 'manga');
