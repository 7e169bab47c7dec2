package dev.brain.memory.embedding.service;

import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.brain.db.DataAccessException;
import dev.brain.db.Jdbc;
import io.quarkus.runtime.StartupEvent;

/**
 * Fails the start when the embedding provider does not fit the vectors of this database: the dimension
 * is fixed by the first migration (the {@code vector(D)} columns), so a different provider would make
 * every stored vector incomparable.
 */
@ApplicationScoped
public class VectorDimensionCheck {

    static final String SCHEMA = "memory";

    private static final String STORED = """
            select c.relname || '.' || a.attname, a.atttypmod
              from pg_attribute a
              join pg_class c on c.oid = a.attrelid and c.relkind in ('r', 'p') and not c.relispartition
              join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = ? and a.atttypid = 'vector'::regtype and not a.attisdropped and a.attnum > 0
             order by 1
            """;

    private final Jdbc jdbc;

    public VectorDimensionCheck(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    void onStart(@Observes StartupEvent event, Embedder embedder) {
        verify(embedder.model(), embedder.dimension());
    }

    /** @throws IllegalStateException with an operator-facing message when a stored column has another dimension */
    public void verify(String model, int providerDimension) {
        for (Map.Entry<String, Integer> column : storedDimensions().entrySet()) {
            if (column.getValue() != providerDimension) {
                throw new IllegalStateException("Embedding dimension mismatch: this database stores "
                        + column.getValue() + "-dimensional vectors (" + SCHEMA + "." + column.getKey()
                        + "), but the configured embedding provider (model " + model + ") produces "
                        + providerDimension + ". Configure a provider with " + column.getValue()
                        + " dimensions (brain.embedding.provider / brain.embedding.dimension), or start with a new"
                        + " database and re-import your export.");
            }
        }
    }

    /** Column → dimension of every vector column of the schema (pgvector keeps the dimension in atttypmod). */
    public Map<String, Integer> storedDimensions() {
        Map<String, Integer> dimensions = new LinkedHashMap<>();
        try {
            jdbc.forEach(STORED, 0, s -> s.setString(1, SCHEMA), rs -> dimensions.put(rs.getString(1), rs.getInt(2)));
        } catch (DataAccessException e) {
            throw new IllegalStateException("cannot read the stored vector dimension: " + e.getMessage(), e.getCause());
        }
        return dimensions;
    }
}
