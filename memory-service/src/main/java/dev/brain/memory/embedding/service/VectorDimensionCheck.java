package dev.brain.memory.embedding.service;

import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.brain.db.DataAccessException;
import dev.brain.memory.embedding.repository.VectorColumnRepository;
import io.quarkus.runtime.StartupEvent;

/**
 * Fails the start when the embedding provider does not fit the vectors of this database: the dimension
 * is fixed by the first migration (the {@code vector(D)} columns), so a different provider would make
 * every stored vector incomparable.
 */
@ApplicationScoped
public class VectorDimensionCheck {

    static final String SCHEMA = "memory";

    private final VectorColumnRepository columns;

    public VectorDimensionCheck(VectorColumnRepository columns) {
        this.columns = columns;
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
        try {
            return columns.dimensions(SCHEMA);
        } catch (DataAccessException e) {
            throw new IllegalStateException("cannot read the stored vector dimension: " + e.getMessage(), e.getCause());
        }
    }
}
