-- The relevance read path (issue 40, docs/memory.md §9) ranks memories by a lexical list beside the vector one:
-- PostgreSQL full text with the 'english' configuration (stems, stop words) over a node's content, the names of its
-- entities and its topics. A trigger keeps the vector right for every writer (promotion, import, corrections);
-- entity names are read when the node is written (a later rename or merge does not rewrite older nodes' vectors).
-- The GIN index holds the pair with the words (btree_gin): every lexical search is within one pair.
CREATE EXTENSION IF NOT EXISTS btree_gin;

ALTER TABLE long_term_node ADD COLUMN search_vector tsvector;

CREATE FUNCTION long_term_node_search_vector() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  NEW.search_vector := setweight(to_tsvector('english', NEW.content), 'A')
    || setweight(to_tsvector('english', coalesce((select string_agg(e.name, ' ') from entity e
                                                   where e.user_id = NEW.user_id and e.agent_id = NEW.agent_id
                                                     and e.id = any(NEW.entity_ids)), '')), 'B')
    || setweight(to_tsvector('english', array_to_string(NEW.topics, ' ')), 'B');
  RETURN NEW;
END $$;

CREATE TRIGGER long_term_node_search_vector BEFORE INSERT OR UPDATE OF content, topics, entity_ids ON long_term_node
    FOR EACH ROW EXECUTE FUNCTION long_term_node_search_vector();

UPDATE long_term_node SET content = content;

CREATE INDEX node_search_idx ON long_term_node USING gin (user_id, agent_id, search_vector) WITH (fastupdate = off);

-- The relevance read path also reads the memories remembered just before and after a candidate (its context in
-- the conversation it was remembered from): by the order the entries were written, within the pair's active nodes.
CREATE INDEX node_remembered_idx ON long_term_node (user_id, agent_id, entry_created_at, id) WHERE active;
