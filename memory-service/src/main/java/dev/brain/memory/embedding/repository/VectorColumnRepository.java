package dev.brain.memory.embedding.repository;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The vector columns of a schema and their dimension, read from the catalog ({@code pg_attribute}, {@code pg_class},
 * {@code pg_namespace}): pgvector keeps a column's dimension in {@code atttypmod}.
 */
@ApplicationScoped
public class VectorColumnRepository {

    private static final String STORED = """
            select c.relname || '.' || a.attname, a.atttypmod
              from pg_attribute a
              join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p') and not c.relispartition
              join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = ? and a.atttypid = 'vector'::regtype and not a.attisdropped and a.attnum > 0
             order by 1
            """;

    private final Jdbc jdbc;

    public VectorColumnRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Column ({@code table.column}) → dimension of every vector column of {@code schema}, in column order.
     *
     * @throws dev.brain.db.DataAccessException when the catalog cannot be read
     */
    public Map<String, Integer> dimensions(String schema) {
        Map<String, Integer> dimensions = new LinkedHashMap<>();
        jdbc.forEach(STORED, 0, s -> s.setString(1, schema), rs -> dimensions.put(rs.getString(1), rs.getInt(2)));
        return dimensions;
    }
}
