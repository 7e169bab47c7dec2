package dev.brain.error.code.repository;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.enterprise.context.ApplicationScoped;

import dev.brain.db.Jdbc;
import dev.brain.error.code.analysis.ModuleDraft;
import dev.brain.error.code.mapping.ModuleMapper;
import dev.brain.error.config.ErrorConfig;
import dev.brain.error.solution.repository.SolutionRepository;
import dev.brain.grpc.v1.CodeModule;
import dev.brain.grpc.v1.ModuleSimilarity;
import dev.brain.grpc.v1.ModuleUsage;

/**
 * Tables {@code code_module}, {@code module_similarity} and {@code module_usage}, always within one tenant: the one
 * writer of them. Native SQL, not Panache entities: the candidate searches need the array overlap of the shape
 * sketch ({@code &&} on a GIN index), pgvector's cosine operator and full-text ranking, and the upserts are single
 * {@code ON CONFLICT} statements that stay race-free when two sessions register the same file.
 */
@ApplicationScoped
public class ModuleRepository {

    private static final String FROM = " from code_module m join project p on p.id = m.project_id ";
    /** Candidates of one kind a similarity search reads (error-code.md §9.7: ≤ 200). */
    public static final int MAX_CANDIDATES = 200;
    /** Modules holding one of a probe's rare sketch values that a similarity search reads at most. */
    public static final int SKETCH_HITS = 1000;
    /** Nearest modules by embedding a similarity search reads (§9.7). */
    public static final int VECTOR_CANDIDATES = 20;

    private final Jdbc jdbc;
    private final ErrorConfig config;

    public ModuleRepository(Jdbc jdbc, ErrorConfig config) {
        this.jdbc = jdbc;
        this.config = config;
    }

    public record Upserted(long id, boolean created) {
    }

    /**
     * Inserts the module or updates the one at the same {@code (project, file_path, name)}. A changed source drops
     * the stored embedding (the worker embeds it again) unless {@code vector} brings the new one.
     */
    public Upserted upsert(String tenant, long projectId, String filePath, ModuleDraft d, String category,
            String vector, OffsetDateTime now) {
        return jdbc.one("""
                insert into code_module as m (tenant, project_id, name, module_type, file_path, start_line, end_line,
                    source_code, language, raw_hash, structural_fp, shape_sketch, category, purpose, interface_signature,
                    exports, dependencies, internal_imports, reusability_score, signals, is_pure, confidence,
                    embedding, embedded_at, created_at, updated_at)
                values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?::vector,
                        case when ?::text is null then null else ?::timestamptz end, ?, ?)
                on conflict (project_id, file_path, name) do update set
                    module_type = excluded.module_type, start_line = excluded.start_line, end_line = excluded.end_line,
                    source_code = excluded.source_code, language = excluded.language, raw_hash = excluded.raw_hash,
                    structural_fp = excluded.structural_fp, shape_sketch = excluded.shape_sketch,
                    category = coalesce(excluded.category, m.category), purpose = excluded.purpose,
                    interface_signature = excluded.interface_signature, exports = excluded.exports,
                    dependencies = excluded.dependencies, internal_imports = excluded.internal_imports,
                    reusability_score = excluded.reusability_score, signals = excluded.signals,
                    is_pure = excluded.is_pure,
                    embedding = case when excluded.embedding is not null then excluded.embedding
                                     when m.raw_hash = excluded.raw_hash then m.embedding end,
                    embedded_at = case when excluded.embedding is not null then excluded.embedded_at
                                       when m.raw_hash = excluded.raw_hash then m.embedded_at end,
                    updated_at = excluded.updated_at
                returning id, (xmax = 0) as created""",
                rs -> new Upserted(rs.getLong(1), rs.getBoolean(2)), tenant, projectId, d.name(), d.type().sqlName(),
                filePath, d.startLine(), d.endLine(), d.source(), d.language(), d.fingerprint().rawHash(),
                d.fingerprint().structuralFp(), d.fingerprint().shapeSketch(), category, d.purpose(),
                d.interfaceSignature(), d.exports().toArray(String[]::new), d.dependencies().toArray(String[]::new),
                d.internalImports().toArray(String[]::new), d.score(), ModuleMapper.signalsJson(d.signals()), d.pure(),
                d.score(), vector, vector, now, now, now).orElseThrow();
    }

    /** A stored module compared with a probe: its fingerprints and, from the vector list, its cosine. */
    public record Candidate(long id, String rawHash, String structuralFp, long[] sketch, Double cosine) {
    }

    /**
     * The tenant's modules that may be similar to a probe (§9.7), other than {@code excluded}: the same raw hash,
     * the same structural fingerprint (≤ 200), the most overlapping shape sketches among the modules holding one of
     * {@code rare} (≤ 200 of at most {@value #SKETCH_HITS} read), and the 20 nearest by embedding when {@code vector}
     * is given. One row per module.
     */
    public List<Candidate> candidates(String tenant, Long[] excluded, String rawHash, String structuralFp,
            long[] sketch, long[] rare, String vector) {
        Map<Long, Candidate> found = new HashMap<>();
        jdbc.list("""
                (select id, raw_hash, structural_fp, shape_sketch from code_module
                 where tenant = ? and (raw_hash = ? or structural_fp = ?) and id <> all(?) limit ?)
                union
                (select id, raw_hash, structural_fp, shape_sketch from
                   (select id, raw_hash, structural_fp, shape_sketch from code_module
                    where tenant = ? and shape_sketch && ? and id <> all(?) limit ?) m
                 order by (select count(*) from unnest(m.shape_sketch) v where v = any(?)) desc, id limit ?)""",
                rs -> new Candidate(rs.getLong(1), rs.getString(2).strip(), rs.getString(3).strip(), sketch(rs, 4), null),
                tenant, rawHash, structuralFp, excluded, MAX_CANDIDATES, tenant, rare, excluded, SKETCH_HITS, sketch,
                MAX_CANDIDATES).forEach(c -> found.put(c.id(), c));
        if (vector != null) {
            jdbc.list("""
                    select id, raw_hash, structural_fp, shape_sketch, 1 - (embedding <=> ?::vector) as cosine
                    from code_module where tenant = ? and embedding is not null and id <> all(?)
                    order by embedding <=> ?::vector limit ?""",
                    rs -> new Candidate(rs.getLong(1), rs.getString(2).strip(), rs.getString(3).strip(),
                            sketch(rs, 4), rs.getDouble(5)),
                    vector, tenant, excluded, vector, VECTOR_CANDIDATES).forEach(c -> found.put(c.id(), c));
        }
        return new ArrayList<>(found.values());
    }

    private static long[] sketch(java.sql.ResultSet rs, int column) throws java.sql.SQLException {
        java.sql.Array a = rs.getArray(column);
        Long[] values = (Long[]) a.getArray();
        long[] sketch = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            sketch[i] = values[i];
        }
        return sketch;
    }

    /** A similarity to store: the other module, the column value of its kind, its score. */
    public record Similar(long otherId, String kind, double score) {
    }

    /**
     * Replaces the stored similarities of {@code moduleId} with {@code found} (one row per pair, the pair ordered
     * a &lt; b). With {@code keepSemantic}, stored {@code semantic} rows the probe could not recompute (its embedding
     * was late) stay.
     */
    public void replaceSimilarities(String tenant, long moduleId, List<Similar> found, boolean keepSemantic,
            OffsetDateTime now) {
        jdbc.update("delete from module_similarity where tenant = ? and (module_a = ? or module_b = ?)"
                + (keepSemantic ? " and kind <> 'semantic'" : ""), tenant, moduleId, moduleId);
        if (found.isEmpty()) {
            return;
        }
        jdbc.batch("""
                insert into module_similarity (module_a, module_b, tenant, kind, score, detected_at)
                values (?, ?, ?, ?, ?, ?)
                on conflict (module_a, module_b) do update set kind = excluded.kind, score = excluded.score,
                    detected_at = excluded.detected_at""", found, (s, f) -> Jdbc.bind(s,
                Math.min(moduleId, f.otherId()), Math.max(moduleId, f.otherId()), tenant, f.kind(), f.score(), now));
    }

    public Optional<CodeModule> find(String tenant, long id, boolean withSource) {
        return jdbc.one("select " + ModuleRows.COLUMNS + (withSource ? ", m.source_code" : "") + FROM
                + "where m.tenant = ? and m.id = ?", rs -> ModuleRows.module(rs, withSource), tenant, id);
    }

    /** Modules by id (without source), in the order of {@code ids}; ids of other tenants are absent. */
    public List<CodeModule> byIds(String tenant, List<Long> ids) {
        Map<Long, CodeModule> byId = new HashMap<>();
        jdbc.list("select " + ModuleRows.COLUMNS + FROM + "where m.tenant = ? and m.id = any(?)",
                rs -> ModuleRows.module(rs, false), tenant, ids.toArray(Long[]::new))
                .forEach(m -> byId.put(m.getId(), m));
        return ids.stream().filter(byId::containsKey).map(byId::get).toList();
    }

    /** A page of the tenant's modules by project name, path and name; null filters match everything. */
    public List<CodeModule> list(String tenant, Long projectId, String language, String category, int fetch,
            int offset) {
        return jdbc.list("select " + ModuleRows.COLUMNS + FROM + """
                where m.tenant = ? and (?::bigint is null or m.project_id = ?)
                  and (?::text is null or m.language = ?) and (?::text is null or m.category = ?)
                order by p.name, m.file_path, m.name, m.id limit ? offset ?""", rs -> ModuleRows.module(rs, false),
                tenant, projectId, projectId, language, language, category, category, fetch, offset);
    }

    /** Stored similarities of a module, strongest kind first, then score. */
    public List<ModuleSimilarity> similarities(String tenant, long id) {
        return jdbc.list("select " + ModuleRows.COLUMNS + ", s.kind, s.score, s.detected_at from module_similarity s"
                + " join code_module m on m.id = case when s.module_a = ? then s.module_b else s.module_a end"
                + " join project p on p.id = m.project_id"
                + " where s.tenant = ? and (s.module_a = ? or s.module_b = ?)"
                + " order by case s.kind when 'exact' then 0 when 'structural' then 1 else 2 end, s.score desc, m.id",
                ModuleRows::similarity, id, tenant, id, id);
    }

    private static final String USAGE = """
            select u.id, u.module_id, p.name as project, u.file_path, u.usage_type, u.adaptations::text as adaptations,
                   u.solution_id, u.outcome, s.session_key, u.used_at
            from module_usage u join project p on p.id = u.project_id left join session s on s.id = u.session_id
            """;

    /** The module's most recent usages. */
    public List<ModuleUsage> usages(String tenant, long moduleId, int limit) {
        return jdbc.list(USAGE + "where u.tenant = ? and u.module_id = ? order by u.used_at desc, u.id desc limit ?",
                ModuleRows::usage, tenant, moduleId, limit);
    }

    public Optional<ModuleUsage> usage(String tenant, long usageId) {
        return jdbc.one(USAGE + "where u.tenant = ? and u.id = ?", ModuleRows::usage, tenant, usageId);
    }

    /** Records a usage and counts it on the module: reuse + 1, adaptation + 1 when adapted, last used now. */
    public long insertUsage(String tenant, long moduleId, long projectId, String filePath, String usageType,
            String adaptationsJson, Long solutionId, String outcome, Long sessionId, OffsetDateTime now) {
        long id = jdbc.one("""
                insert into module_usage (tenant, module_id, project_id, file_path, usage_type, adaptations,
                                          solution_id, outcome, session_id, used_at)
                values (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?) returning id""", rs -> rs.getLong(1), tenant, moduleId,
                projectId, filePath, usageType, adaptationsJson, solutionId, outcome, sessionId, now).orElseThrow();
        jdbc.update("""
                update code_module set reuse_count = reuse_count + 1,
                    adaptation_count = adaptation_count + case when ? = 'adapted' then 1 else 0 end,
                    last_used_at = ?, updated_at = ?
                where tenant = ? and id = ?""", usageType, now, now, tenant, moduleId);
        return id;
    }

    public void updateOutcome(String tenant, long usageId, String outcome) {
        jdbc.update("update module_usage set outcome = ? where tenant = ? and id = ?", outcome, tenant, usageId);
    }

    /**
     * Recomputes the confidence of the tenant's modules (error-code.md §8 phase 8), of one module when
     * {@code moduleId} is given: the reusability score while no usage has a known outcome, else
     * 0.4·reusability + 0.6·wilson(success, success + failure)·decay(last_used_at). Returns the rows changed.
     */
    public int recomputeConfidence(String tenant, Long moduleId, OffsetDateTime now) {
        double halfLife = config.learning().decayHalfLifeDays();
        String wilson = SolutionRepository.confidenceSql("u.success", "u.failure", "0",
                "coalesce(m.last_used_at, ?::timestamptz)");
        String expression = "case when u.success + u.failure = 0 then m.reusability_score else 0.4 * m.reusability_score"
                + " + 0.6 * " + wilson + " end";
        return jdbc.update("""
                update code_module m set confidence = %1$s, updated_at = ?
                from (select m2.id, count(*) filter (where mu.outcome = 'success') as success,
                             count(*) filter (where mu.outcome = 'failure') as failure
                      from code_module m2 left join module_usage mu on mu.module_id = m2.id
                      where m2.tenant = ? and (?::bigint is null or m2.id = ?) group by m2.id) u
                where m.id = u.id and m.confidence is distinct from %1$s""".formatted(expression), now, now,
                halfLife, now, tenant, moduleId, moduleId, now, now, halfLife);
    }

    /**
     * Up to {@code limit} other modules present in the project (registered there, or used there), most recently
     * updated first: the modules a reuse co-occurs with.
     */
    public List<CodeModule> presentInProject(String tenant, long projectId, long exceptId, int limit) {
        return jdbc.list("select " + ModuleRows.COLUMNS + FROM + """
                where m.tenant = ? and m.id <> ? and (m.project_id = ? or exists (
                    select 1 from module_usage u where u.module_id = m.id and u.project_id = ?))
                order by m.updated_at desc, m.id desc limit ?""", rs -> ModuleRows.module(rs, false), tenant,
                exceptId, projectId, projectId, limit);
    }

    /** Modules of the tenant (of the project when given). */
    public long count(String tenant, Long projectId) {
        return jdbc.count("select count(*) from code_module where tenant = ? and (?::bigint is null or project_id = ?)",
                tenant, projectId, projectId);
    }
}
