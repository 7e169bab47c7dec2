-- Knowledge search that does not need every word (issue 40): the lexical list is BM25 over the 'english' full text
-- (stems, stop words) of an entry's topic, keywords and summary, with the pair's own statistics; candidates are the
-- entries holding any of the query's not-too-common lexemes. The 'simple' vector stays for the suggestions.
CREATE EXTENSION IF NOT EXISTS btree_gin;

ALTER TABLE knowledge_entry ADD COLUMN search_english tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', topic), 'A')
   || setweight(to_tsvector('english', immutable_array_to_string(keywords, ' ')), 'A')
   || setweight(to_tsvector('english', summary), 'B')) STORED;

CREATE INDEX knowledge_english_idx ON knowledge_entry USING gin (user_id, agent_id, search_english)
    WITH (fastupdate = off);
