package dev.brain.error.embedding.repository;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/** The vector column as the schema declares it. */
@ApplicationScoped
public class VectorColumnRepository {

    private final Jdbc jdbc;

    public VectorColumnRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Dimension of {@code error_embedding.embedding} (pgvector keeps it in atttypmod). */
    public int errorEmbeddingDimension() {
        return jdbc.one("""
                select a.atttypmod from pg_attribute a
                where a.attrelid = 'error.error_embedding'::regclass and a.attname = 'embedding'""", rs -> rs.getInt(1))
                .orElseThrow();
    }
}
