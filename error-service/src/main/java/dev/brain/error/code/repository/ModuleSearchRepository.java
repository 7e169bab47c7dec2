package dev.brain.error.code.repository;

import java.util.ArrayList;
import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;

/**
 * The searches of {@code code_module} behind {@code FindReusable} (error-code.md §9.8): by full text of a purpose
 * ({@code search_vector}) and by nearest embedding, each within one tenant and the request's filters.
 */
@ApplicationScoped
public class ModuleSearchRepository {

    private final Jdbc jdbc;

    public ModuleSearchRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The modules a search considers: the tenant's, in {@code project} ({@code inProject}) or outside it, or in every
     * project when {@code project} is null; of one of {@code languages} and of {@code category} when given; with a
     * reusability score of at least {@code minScore} when given.
     */
    public record Filter(String tenant, Long project, boolean inProject, String[] languages, String category,
            Double minScore) {

        String sql() {
            StringBuilder filter = new StringBuilder("m.tenant = ?");
            if (project != null) {
                filter.append(inProject ? " and m.project_id = ?" : " and m.project_id <> ?");
            }
            if (languages != null) {
                filter.append(" and m.language = any(?)");
            }
            if (category != null) {
                filter.append(" and m.category = ?");
            }
            if (minScore != null) {
                filter.append(" and m.reusability_score >= ?");
            }
            return filter.toString();
        }

        List<Object> params() {
            List<Object> params = new ArrayList<>(List.of(tenant));
            if (project != null) {
                params.add(project);
            }
            if (languages != null) {
                params.add(languages);
            }
            if (category != null) {
                params.add(category);
            }
            if (minScore != null) {
                params.add(minScore);
            }
            return params;
        }
    }

    /**
     * Up to {@code limit} modules whose full text matches any of the purpose's English stems (at most 32, OR-ed,
     * without stop words), best {@code ts_rank_cd} first.
     */
    public List<Long> byText(String purpose, Filter filter, int limit) {
        List<Object> params = new ArrayList<>(List.of(purpose));
        params.addAll(filter.params());
        params.add(limit);
        return jdbc.list("""
                select m.id from code_module m,
                     (select string_agg(quote_literal(lexeme), ' | ')::tsquery as q
                      from (select lexeme from unnest(to_tsvector('english', ?)) limit 32) l) q
                where %s and m.search_vector @@ q.q
                order by ts_rank_cd(m.search_vector, q.q, 32) desc, m.id limit ?""".formatted(filter.sql()),
                rs -> rs.getLong(1), params.toArray());
    }

    /** A module near a vector and its cosine. */
    public record Near(long id, double cosine) {
    }

    /** Up to {@code limit} embedded modules nearest {@code vector} (a pgvector literal), nearest first. */
    public List<Near> nearest(String vector, Filter filter, int limit) {
        List<Object> params = new ArrayList<>(List.of(vector));
        params.addAll(filter.params());
        params.add(vector);
        params.add(limit);
        return jdbc.list("""
                select m.id, 1 - (m.embedding <=> ?::vector) from code_module m
                where %s and m.embedding is not null order by m.embedding <=> ?::vector limit ?""".formatted(filter.sql()),
                rs -> new Near(rs.getLong(1), rs.getDouble(2)), params.toArray());
    }
}
