package dev.brain.research.knowledge.repository;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.db.PgVector;
import dev.brain.db.search.Bm25;
import dev.brain.research.knowledge.KnowledgePair;
import dev.brain.tenancy.TenantUsers;

/**
 * The SQL of {@code knowledge_entry}, in one place: lookups of a pair's topic (by slug, by the nearest summary
 * embedding), writes of a run, the pair lock, the lists of search (§2.5) and the set-based decay (§2.4).
 * Exact vector scans order by {@code (summary_embedding <=> q) + 0}, an expression the HNSW index cannot serve,
 * so the planner reads the pair's rows through the partial pair index and computes every distance exactly.
 */
@ApplicationScoped
public class KnowledgeRepository {

    static final String COLUMNS = "id, user_id, agent_id, observer, path, topic, slug, summary, type, mode, status,"
            + " keywords, entity_ids, initial_salience, weight_raw, weight_absolute, weight_decay, frequency,"
            + " reinforced_at, decayed_at, active, created_at, updated_at, version";

    /** An id with the cosine distance of its summary to a query vector. */
    public record Distance(long id, double distance) {
    }

    private final Jdbc jdbc;

    public KnowledgeRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Serialises writers of one pair's files and rows until the transaction ends. */
    public void lockPair(KnowledgePair pair) {
        jdbc.one("select pg_advisory_xact_lock(hashtext('knowledge:' || ? || '/' || ?))", rs -> 1, pair.agentId(),
                pair.userId());
    }

    public Optional<KnowledgeRow> byId(long id) {
        return jdbc.one("select " + COLUMNS + " from knowledge_entry where id = ?", KnowledgeRepository::row, id);
    }

    public Optional<KnowledgeRow> byPath(String path) {
        return jdbc.one("select " + COLUMNS + " from knowledge_entry where path = ?", KnowledgeRepository::row, path);
    }

    public Optional<KnowledgeRow> knowledgeBySlug(KnowledgePair pair, String slug) {
        return jdbc.one("select " + COLUMNS + " from knowledge_entry where user_id = ? and agent_id = ?"
                + " and type = 'knowledge' and slug = ?", KnowledgeRepository::row, pair.userId(), pair.agentId(), slug);
    }

    /** The pair's knowledge entry whose summary embedding is nearest to {@code vector} (exact), with its distance. */
    public Optional<Distance> nearestKnowledge(KnowledgePair pair, float[] vector) {
        return jdbc.one("select id, (summary_embedding <=> ?::vector) + 0 as d from knowledge_entry"
                + " where user_id = ? and agent_id = ? and type = 'knowledge' and summary_embedding is not null"
                + " order by d limit 1", rs -> new Distance(rs.getLong(1), rs.getDouble(2)), PgVector.of(vector),
                pair.userId(), pair.agentId());
    }

    public long insert(NewKnowledgeRow r) {
        return jdbc.one("insert into knowledge_entry (user_id, agent_id, observer, path, topic, slug, summary,"
                + " summary_embedding, type, mode, status, keywords, entity_ids, initial_salience, weight_raw,"
                + " weight_absolute, weight_decay, frequency, reinforced_at, active, created_at, updated_at, version)"
                + " values (?, ?, ?, ?, ?, ?, ?, ?::vector, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, true, ?, ?, ?) returning id",
                rs -> rs.getLong(1), r.userId(), r.agentId(), r.observer(), r.path(), r.topic(), r.slug(), r.summary(),
                r.embedding() == null ? null : PgVector.of(r.embedding()), r.type(), r.mode(), r.status(), r.keywords(),
                r.entityIds(), r.initialSalience(), r.weightRaw(), r.weightAbsolute(), r.weightDecay(), r.frequency(),
                r.reinforcedAt(), r.createdAt(), r.createdAt(), r.version()).orElseThrow();
    }

    /**
     * A run on an existing topic: reinforced weights, frequency, active again; when the file changed also summary,
     * embedding (kept when null), keywords, entities, mode, status and version.
     */
    public void updateRun(long id, String summary, float[] embedding, String[] keywords, long[] entityIds, String mode,
            String status, String version, int frequency, double raw, double absolute, Instant now) {
        jdbc.update("update knowledge_entry set summary = ?, summary_embedding = coalesce(?::vector, summary_embedding),"
                + " keywords = ?, entity_ids = ?, mode = ?, status = ?, version = ?, frequency = ?, weight_raw = ?,"
                + " weight_absolute = ?, weight_decay = ?, reinforced_at = ?, active = true, updated_at = ? where id = ?",
                summary, embedding == null ? null : PgVector.of(embedding), keywords, entityIds, mode, status, version,
                frequency, raw, absolute, absolute, now, now, id);
    }

    /** Start-up repair: the row follows a file whose write outlived the row's update. */
    public void syncFile(long id, String version, int frequency, Instant now) {
        jdbc.update("update knowledge_entry set version = ?, frequency = greatest(frequency, ?), updated_at = ?"
                + " where id = ?", version, frequency, now, id);
    }

    public void setActive(long id, boolean active, Instant now) {
        jdbc.update("update knowledge_entry set active = ?, updated_at = ? where id = ?", active, now, id);
    }

    /** Reactivation: active, weights from the initial salience, reinforced now. */
    public void reactivate(long id, double raw, double absolute, Instant now) {
        jdbc.update("update knowledge_entry set active = true, weight_raw = ?, weight_absolute = ?, weight_decay = ?,"
                + " reinforced_at = ?, updated_at = ? where id = ?", raw, absolute, absolute, now, now, id);
    }

    public boolean pathTaken(String path) {
        return jdbc.count("select count(*) from knowledge_entry where path = ?", path) > 0;
    }

    /** The pair's knowledge files, INDEX.md order: active first, then the most present (weight, runs). */
    public List<KnowledgeRow> knowledgeForIndex(KnowledgePair pair) {
        return jdbc.list("select " + COLUMNS + " from knowledge_entry where user_id = ? and agent_id = ?"
                + " and type = 'knowledge' order by active desc, weight_decay desc, frequency desc, id",
                KnowledgeRepository::row, pair.userId(), pair.agentId());
    }

    /** Every row of a pair (both types), by path. */
    public List<KnowledgeRow> rowsOfPair(KnowledgePair pair) {
        return jdbc.list("select " + COLUMNS + " from knowledge_entry where user_id = ? and agent_id = ? order by path",
                KnowledgeRepository::row, pair.userId(), pair.agentId());
    }

    /** The pairs that have rows: all, or those of one tenant. */
    public List<KnowledgePair> pairs(String tenant) {
        if (tenant == null) {
            return jdbc.list("select distinct user_id, agent_id from knowledge_entry order by agent_id, user_id",
                    rs -> new KnowledgePair(rs.getString(1), rs.getString(2)));
        }
        return jdbc.query("select distinct user_id, agent_id from knowledge_entry where "
                + TenantUsers.condition("user_id") + " order by agent_id, user_id",
                s -> TenantUsers.bind(s, 1, tenant), rs -> new KnowledgePair(rs.getString(1), rs.getString(2)));
    }

    /** Reports of a pair with status repetition or failure. */
    public long weakReports(KnowledgePair pair) {
        return jdbc.count("select count(*) from knowledge_entry where user_id = ? and agent_id = ? and type = 'report'"
                + " and status in ('repetition', 'failure')", pair.userId(), pair.agentId());
    }

    // ---- search (§2.5) ----------------------------------------------------------------------------------

    public long storeSize(KnowledgePair pair, String type) {
        return jdbc.count("select count(*) from knowledge_entry where user_id = ? and agent_id = ? and type = ?"
                + " and active", pair.userId(), pair.agentId(), type);
    }

    /** The query's distinct lexemes in the 'english' configuration (stemmed, no stop words), in order. */
    public List<String> lexemes(String text) {
        return jdbc.list("select lexeme from unnest(to_tsvector('english', ?)) order by positions[1]",
                rs -> rs.getString(1), text);
    }

    /** The pair's active entries of the type: how many, their average number of lexemes. */
    public double[] lexicalStats(KnowledgePair pair, String type) {
        return jdbc.one("""
                select count(*), coalesce(avg(length(search_english)), 0) from knowledge_entry
                where user_id = ? and agent_id = ? and type = ? and active""", rs -> new double[] { rs.getLong(1),
                rs.getDouble(2) }, pair.userId(), pair.agentId(), type).orElse(new double[] { 0, 0 });
    }

    /** Per lexeme, in how many of the pair's active entries of the type it occurs (in the lexemes' order). */
    public long[] documentFrequencies(KnowledgePair pair, String type, List<String> lexemes) {
        if (lexemes.isEmpty()) {
            return new long[0];
        }
        return jdbc.list("""
                select (select count(*) from knowledge_entry k where k.user_id = ? and k.agent_id = ? and k.type = ?
                          and k.active and k.search_english @@ quote_literal(l)::tsquery)
                from unnest(?::text[]) with ordinality as q(l, i) order by i""", rs -> rs.getLong(1), pair.userId(),
                pair.agentId(), type, lexemes.toArray(String[]::new)).stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Up to {@code limit} of the pair's active entries of the type holding any of {@code anyOf}, each with its
     * number of lexemes and its frequency of every lexeme of {@code lexemes} (in order).
     */
    public List<Bm25.Match> lexicalMatches(KnowledgePair pair, String type, List<String> anyOf, List<String> lexemes,
            int limit) {
        if (anyOf.isEmpty()) {
            return List.of();
        }
        return jdbc.list("""
                select k.id, k.search_english::text
                from knowledge_entry k
                where k.user_id = ? and k.agent_id = ? and k.type = ? and k.active
                  and k.search_english @@ (select string_agg(quote_literal(a), ' | ')::tsquery from unnest(?::text[]) a)
                limit ?""", rs -> Bm25.match(rs.getLong(1), rs.getString(2), lexemes), pair.userId(), pair.agentId(),
                type, anyOf.toArray(String[]::new), limit);
    }

    /**
     * Dense list, nearest first, the best row even beyond the distance threshold (for the footprint). Exact scan
     * ({@code + 0} keeps the HNSW index out) unless {@code useIndex}; then the caller's transaction must have set
     * {@code hnsw.ef_search} / {@code hnsw.iterative_scan} (see {@link #tuneHnsw}).
     */
    public List<Distance> dense(KnowledgePair pair, String type, float[] vector, int limit, boolean useIndex) {
        String order = useIndex ? "summary_embedding <=> ?::vector" : "(summary_embedding <=> ?::vector) + 0";
        return jdbc.queryCustomPlan("select id, summary_embedding <=> ?::vector as d from knowledge_entry"
                + " where user_id = ? and agent_id = ? and type = ? and active and summary_embedding is not null"
                + " order by " + order + " limit ?",
                s -> Jdbc.bind(s, PgVector.of(vector), pair.userId(), pair.agentId(), type, PgVector.of(vector), limit),
                rs -> new Distance(rs.getLong(1), rs.getDouble(2)));
    }

    /** For an HNSW search inside a transaction: a wider candidate list and iterative scans past the pair filter. */
    public void tuneHnsw(int efSearch) {
        jdbc.one("select set_config('hnsw.ef_search', ?, true), set_config('hnsw.iterative_scan', 'relaxed_order', true)",
                rs -> 1, Integer.toString(efSearch));
    }

    /** Keyword overlap list: rows whose keywords share words with the query, most shared first. */
    public List<Long> keywordOverlap(KnowledgePair pair, String type, String[] words, int limit) {
        return jdbc.queryCustomPlan("select id from knowledge_entry where user_id = ? and agent_id = ? and type = ?"
                + " and active and keywords && ?::text[]"
                + " order by cardinality(array(select unnest(keywords) intersect select unnest(?::text[]))) desc, id"
                + " limit ?", s -> Jdbc.bind(s, pair.userId(), pair.agentId(), type, words, words, limit),
                rs -> rs.getLong(1));
    }

    /** Lexical list with its rank (ts_rank_cd), best first. */
    public List<Distance> lexicalRanked(KnowledgePair pair, String type, String query, int limit) {
        return jdbc.queryCustomPlan("select id, ts_rank_cd(search_text, q) from knowledge_entry,"
                + " plainto_tsquery('simple', ?) q where user_id = ? and agent_id = ? and type = ? and active"
                + " and search_text @@ q order by 2 desc, id limit ?",
                s -> Jdbc.bind(s, query, pair.userId(), pair.agentId(), type, limit),
                rs -> new Distance(rs.getLong(1), rs.getDouble(2)));
    }

    public List<KnowledgeRow> byIds(long[] ids) {
        if (ids.length == 0) {
            return List.of();
        }
        return jdbc.list("select " + COLUMNS + " from knowledge_entry where id = any(?)", KnowledgeRepository::row, ids);
    }

    // ---- decay (§2.4) -----------------------------------------------------------------------------------

    /**
     * weight_decay = weight_absolute × exp(−rate × fractional days since reinforced_at), decayed_at = now, active =
     * weight_decay ≥ minWeight, over the active rows of all pairs; {updated, deactivated}.
     */
    public long[] decay(double rate, double minWeight, Instant now) {
        String weight = "weight_absolute * exp(-(?::double precision)"
                + " * (extract(epoch from (?::timestamptz - reinforced_at))::double precision / 86400.0))";
        return jdbc.one("with u as (update knowledge_entry set weight_decay = " + weight + ", decayed_at = ?,"
                + " active = " + weight + " >= ? where active returning active)"
                + " select count(*), count(*) filter (where not active) from u",
                rs -> new long[] { rs.getLong(1), rs.getLong(2) }, rate, now, now, rate, now, minWeight).orElseThrow();
    }

    static KnowledgeRow row(ResultSet rs) throws SQLException {
        return new KnowledgeRow(rs.getLong("id"), rs.getString("user_id"), rs.getString("agent_id"),
                rs.getString("observer"), rs.getString("path"), rs.getString("topic"), rs.getString("slug"),
                rs.getString("summary"), rs.getString("type"), rs.getString("mode"), rs.getString("status"),
                Jdbc.strings(rs, "keywords"), Jdbc.longs(rs, "entity_ids"), rs.getDouble("initial_salience"),
                rs.getDouble("weight_raw"), rs.getDouble("weight_absolute"), rs.getDouble("weight_decay"),
                rs.getInt("frequency"), Jdbc.instant(rs, "reinforced_at"), Jdbc.instant(rs, "decayed_at"),
                rs.getBoolean("active"), Jdbc.instant(rs, "created_at"), Jdbc.instant(rs, "updated_at"),
                rs.getString("version"));
    }
}
