-- Code modules are found by purpose (FindReusable): a person's sentence against a module's name, purpose, signature,
-- exports and source. With the 'simple' configuration the search missed "split … quoted values" against "splits …
-- quotes" and ranked any module full of "a", "the", "of" first; the 'english' configuration stems both sides and drops
-- stop words (identifiers are single words to it, as to 'simple'). No feature wrote code_module before this version,
-- so rebuilding the generated column costs nothing. error.search_vector keeps 'simple' (error text is not prose).
ALTER TABLE code_module DROP COLUMN search_vector;
ALTER TABLE code_module ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', purpose), 'A')
   || setweight(to_tsvector('english', coalesce(interface_signature, '')), 'B')
   || setweight(to_tsvector('english', immutable_array_to_string(labels || exports, ' ')), 'B')
   || setweight(to_tsvector('english', left(source_code, 8000)), 'D')) STORED;
CREATE INDEX module_fts_idx ON code_module USING gin (search_vector);
