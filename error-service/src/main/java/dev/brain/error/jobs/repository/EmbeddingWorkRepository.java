package dev.brain.error.jobs.repository;

import java.time.OffsetDateTime;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The embedding worker's statements: rows of {@code error} and {@code code_module} still without an embedding
 * ({@code embedded_at} null), the vectors stored ({@code error_embedding}, {@code code_module.embedding}) and a
 * module's {@code semantic} rows of {@code module_similarity}.
 */
@ApplicationScoped
public class EmbeddingWorkRepository {

    private final Jdbc jdbc;

    public EmbeddingWorkRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** An error without an embedding: what the text of its embedding is made of. */
    public record PendingError(long id, String tenant, String type, String template, String taskContext) {
    }

    /** A module without an embedding: what the text of its embedding is made of. */
    public record PendingModule(long id, String tenant, String name, String interfaceSignature, String purpose,
            String sourceCode, String language) {
    }

    /** Up to {@code limit} errors without an embedding, in id order. */
    public List<PendingError> unembeddedErrors(int limit) {
        return jdbc.list("""
                select id, tenant, error_type, message_template, task_context from error
                where embedded_at is null order by id limit ?""", rs -> new PendingError(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5)), limit);
    }

    /** Up to {@code limit} modules without an embedding, in id order. */
    public List<PendingModule> unembeddedModules(int limit) {
        return jdbc.list("""
                select id, tenant, name, interface_signature, purpose, source_code, language from code_module
                where embedded_at is null order by id limit ?""", rs -> new PendingModule(rs.getLong(1),
                rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6),
                rs.getString(7)), limit);
    }

    /** How many errors and modules are still without an embedding. */
    public long countUnembedded() {
        return jdbc.count("select (select count(*) from error where embedded_at is null)"
                + " + (select count(*) from code_module where embedded_at is null)");
    }

    /** Stores the vector (pgvector literal) of a module still unembedded; false when it already had one. */
    public boolean storeModuleVector(long id, String vector, OffsetDateTime now) {
        return jdbc.update(
                "update code_module set embedding = ?::vector, embedded_at = ? where id = ? and embedded_at is null",
                vector, now, id) == 1;
    }

    /**
     * Adds the module's {@code semantic} similarities: the 20 nearest modules of its tenant with cosine ≥
     * {@code threshold}; a pair already stored keeps its kind.
     */
    public void addSemanticSimilarities(long id, OffsetDateTime now, double threshold) {
        jdbc.update("""
                insert into module_similarity (module_a, module_b, tenant, kind, score, detected_at)
                select least(m.id, n.id), greatest(m.id, n.id), m.tenant, 'semantic', n.cosine, ?
                from code_module m cross join lateral (
                    select x.id, 1 - (x.embedding <=> m.embedding) as cosine from code_module x
                    where x.tenant = m.tenant and x.id <> m.id and x.embedding is not null
                    order by x.embedding <=> m.embedding limit 20) n
                where m.id = ? and n.cosine >= ?
                on conflict (module_a, module_b) do nothing""", now, id, threshold);
    }

    /**
     * Marks an error still unembedded as embedded and stores its vector (pgvector literal); false when it already
     * was.
     */
    public boolean storeErrorVector(long id, String vector, OffsetDateTime now) {
        return jdbc.update("""
                with marked as (update error set embedded_at = ? where id = ? and embedded_at is null
                                returning id, tenant)
                insert into error_embedding (error_id, tenant, embedding)
                select id, tenant, ?::vector from marked
                on conflict (error_id) do update set embedding = excluded.embedding""", now, id, vector) == 1;
    }
}
