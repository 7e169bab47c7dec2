-- QueryErrors answers a query that is a trace header alone (Python's "Traceback (most recent call last):") with the
-- newest errors of that header's parser: a page of this index. The header is a substring of a fifth of a store's
-- raw outputs, which the trigram index cannot narrow. `parser` never changes, so a recurrence's update stays HOT.
CREATE INDEX error_parser_id_idx ON error (tenant, parser, id);
