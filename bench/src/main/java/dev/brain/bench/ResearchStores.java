package dev.brain.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.brain.grpc.v1.AnalyzeCodeRequest;
import dev.brain.grpc.v1.CodeServiceGrpc;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * The research cycle's tenant ({@code bench-research-100k}, named by its size): {@code errors} errors, {@code modules} code
 * modules and {@code synapses} synapses in
 * ten projects {@code r0}–{@code r9}, generated once per database and reused by later runs (each part is generated
 * when the tenant holds less than it). The shapes come from the real services — the dev corpus' outputs reported to
 * error-service (every 7th also into a second project) and 500 generated functions registered through
 * {@code AnalyzeCode} — and the bulk is multiplied from them in SQL ({@code generate_series}), as {@link ErrorStores}
 * and {@link SynapseBench} grow their stores:
 * <ul>
 * <li>errors: distinct fingerprints and templates; occurrences power-law (P(≥ k) = 1/k², so ~4 % recur ≥ 5 times);
 * one {@code error_occurrence} row per occurrence, spread between first and last seen within 90 days, project
 * {@code r0} weighted to the last days (rising), {@code r1} to the oldest (falling); 1 % copied into another project
 * with the same fingerprint (shared problems); every 8th with a solution and 1–3 outcomes (success 75 %, 45 % in the
 * last 14 days), resolved when one succeeded; 3,000 sessions with an error chain of three each, a quarter of them
 * repeating one of 60 sequences (workflows). The generated errors are marked embedded without a vector
 * ({@code embedded_at}): the cycle reads no error vectors, and the embedding worker would otherwise embed 100k
 * errors during the measured cycles;</li>
 * <li>modules: copies of the registered ones over the ten projects with their own names, paths and hashes; every
 * 25th base module's copies keep its structural fingerprint, are linked by structural similarities (0.85) and a
 * quarter of them carry an {@code adapted} usage (template candidates); every 50th copy counts one reuse;</li>
 * <li>synapses: {@code solves} for every solution link, 10,000 {@code uses_module} (solution → module), 20,000
 * {@code co_occurs} between modules (weights 0.05 + 0.95·u⁴: ~17 % ≥ 0.5), the rest between errors (power-law
 * sources, types causes / similar_to / co_occurs / prevents / cross_project, weights uniform in [0.05, 1]); errors
 * whose id is 7 mod 50 get none of those, so ~1.7 % of the errors (those without a solution) have no synapse at
 * all, as new errors not linked yet.</li>
 * </ul>
 */
final class ResearchStores {

    static final int PROJECTS = 10;
    private static final int BASE_MODULES = 500;
    private static final String[] CATEGORIES = { "api-client", "validation", "auth", "database", "cli", "config",
            "logging", "data-processing", "http", "retry", "cache", "parsing", "testing" };

    private final ErrorStores stores;
    private final int errorPort;
    private final String tenant;

    ResearchStores(ErrorStores stores, int errorPort, String tenant) {
        if (!tenant.matches("[a-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("tenant '" + tenant + "' is not [a-z0-9-]{1,64}");
        }
        this.stores = stores;
        this.errorPort = errorPort;
        this.tenant = tenant;
    }

    /** The tenant of a store of {@code errors} errors: {@code bench-research-100k}. */
    static String tenant(int errors) {
        return "bench-research-" + (errors / 1000) + "k";
    }

    String tenant() {
        return tenant;
    }

    /** Seconds each part took to generate (0 when it was there already). */
    record Seeded(double errors, double modules, double synapses) {
    }

    Seeded ensure(int errors, int modules, int synapses) throws Exception {
        double e = timed(() -> ensureErrors(errors));
        double m = timed(() -> ensureModules(modules));
        double s = timed(() -> ensureSynapses(synapses));
        if (e + m + s > 0) {
            settle();
            try (Connection c = stores.connect(); Statement st = c.createStatement()) {
                // this machine's PostgreSQL runs without autovacuum: statistics and visibility as a deployment has them
                st.execute("vacuum analyze error.error, error.error_occurrence, error.error_recency, error.solution,"
                        + " error.error_solution, error.solution_outcome, error.session, error.error_chain,"
                        + " error.error_chain_entry, error.code_module, error.module_similarity, error.module_usage");
                st.execute("vacuum analyze memory.synapse");
            }
        }
        return new Seeded(e, m, s);
    }

    /**
     * Waits (at most 5 minutes) until error-service's embedding worker has embedded the reported errors and modules
     * and its outbox has delivered their synapse events: the cycles are measured without that work beside them.
     */
    private void settle() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        try (Connection c = stores.connect(); PreparedStatement pending = c.prepareStatement("""
                select (select count(*) from error.error where tenant = ? and embedded_at is null)
                     + (select count(*) from error.code_module where tenant = ? and embedded_at is null)
                     + (select count(*) from error.outbox where tenant = ? and delivered_at is null and dead_at is null)
                """)) {
            for (int i = 1; i <= 3; i++) {
                pending.setString(i, tenant);
            }
            while (System.nanoTime() < deadline) {
                try (ResultSet rs = pending.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) == 0) {
                        return;
                    }
                }
                Thread.sleep(2000);
            }
            System.err.println("(error-service's embedding worker or outbox still busy after 5 minutes: measuring anyway)");
        }
    }

    long count(String table) throws SQLException {
        try (Connection c = stores.connect();
                PreparedStatement s = c.prepareStatement("select count(*) from " + table + " where tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    interface Step {
        boolean run() throws Exception;
    }

    /** Seconds of {@code step} when it did something, else 0. */
    private static double timed(Step step) throws Exception {
        long t0 = System.nanoTime();
        return step.run() ? (System.nanoTime() - t0) / 1e9 : 0;
    }

    // ---------------------------------------------------------------------------------------------------------

    private boolean ensureErrors(int size) throws Exception {
        if (count("error.error") >= size * 0.99) { // the copies into a second project are ~1 %, not exactly
            return false;
        }
        System.err.printf("(generating %,d errors for %s once ...)%n", size, tenant);
        if (count("error.error") == 0) {
            reportCorpus();
        }
        long have = count("error.error");
        long generate = Math.max(0, (size - have) * 100 / 101); // + 1 % copies into a second project
        try (Connection c = stores.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false); // a part is there whole or not at all: a failed run leaves nothing to double
            long before = maxId(s, "error.error");
            s.execute("select setseed(0.23)");
            s.execute(sql("""
                    create temp table base as
                    select x.*, row_number() over (order by x.id) - 1 as k, p.name as project_name
                    from error.error x join error.project p on p.id = x.project_id where x.tenant = $TENANT"""));
            s.execute(sql("""
                    insert into error.error (tenant, project_id, fingerprint, error_type, message, message_template,
                        language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                        occurrence_count, first_seen_at, last_seen_at, embedded_at)
                    select tenant, project_id, encode(sha256(convert_to(fingerprint || ':' || n, 'UTF8')), 'hex'),
                           error_type, message || ' ''g' || n || '''', message_template || ' ''g' || n || '''',
                           language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                           occ, case when occ > 1 then last_seen - span else last_seen end, last_seen, now()
                    from (select b.*, $HAVE + g as n, least(1000, floor(power(1 - random(), -0.5)))::int as occ,
                                 now() - interval '90 days' * power(random(),
                                     case b.project_name when 'r0' then 3 when 'r1' then 0.5 else 1 end) as last_seen,
                                 interval '30 days' * random() as span
                          from generate_series(1, $N) g join base b on b.k = g % $HAVE) s""")
                    .replace("$N", Long.toString(generate)).replace("$HAVE", Long.toString(have)));
            // shared problems: the same fingerprint in a second project
            s.execute(sql("""
                    insert into error.error (tenant, project_id, fingerprint, error_type, message, message_template,
                        language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                        occurrence_count, first_seen_at, last_seen_at, embedded_at)
                    select e.tenant, np.id, e.fingerprint, e.error_type, e.message, e.message_template, e.language,
                           e.parser, e.source_file, e.source_line, e.stack_text, e.raw_output, e.command, e.labels,
                           e.occurrence_count, e.first_seen_at, e.last_seen_at, e.embedded_at
                    from error.error e join error.project p on p.id = e.project_id
                    join error.project np on np.tenant = e.tenant
                         and np.name = 'r' || ((substr(p.name, 2)::int + 3) % $PROJECTS)
                    where e.tenant = $TENANT and e.id > $BEFORE and e.id % 100 = 0
                    on conflict do nothing""").replace("$BEFORE", Long.toString(before)));
            s.execute(sql("""
                    insert into error.error_occurrence (tenant, project_id, error_id, occurred_at, command,
                        raw_output_sha256)
                    select e.tenant, e.project_id, e.id,
                           e.first_seen_at + (e.last_seen_at - e.first_seen_at)
                               * ((k - 1)::float8 / greatest(e.occurrence_count - 1, 1)),
                           e.command, encode(sha256(convert_to(e.id || ':' || k, 'UTF8')), 'hex')
                    from error.error e cross join lateral generate_series(1, e.occurrence_count) k
                    where e.tenant = $TENANT and e.id > $BEFORE""").replace("$BEFORE", Long.toString(before)));
            s.execute("analyze error.error, error.error_occurrence");
            solutions(s, before);
            if (generate >= 200 && countIn(s, "error.error_chain") == 0) {
                chains(s, before);
            }
            c.commit();
        }
        return true;
    }

    /** Every 8th generated error gets a solution with 1–3 outcomes; resolved when one succeeded. */
    private void solutions(Statement s, long before) throws SQLException {
        s.execute(sql("""
                create temp table solved as
                select e.id as error_id, e.project_id, e.error_type, e.message_template, e.first_seen_at,
                       nextval(pg_get_serial_sequence('error.solution', 'id')) as solution_id
                from error.error e where e.tenant = $TENANT and e.id > $BEFORE and e.id % 8 = 3""")
                .replace("$BEFORE", Long.toString(before)));
        s.execute(sql("""
                insert into error.solution (id, tenant, project_id, title, description, steps, last_used_at, created_at,
                    updated_at) overriding system value
                select solution_id, $TENANT, project_id, 'Fix ' || left(error_type, 60) || ' #' || error_id,
                       'Generated fix for: ' || left(message_template, 200),
                       array['reproduce it', 'apply the fix', 'verify the build'], now(), first_seen_at, now()
                from solved"""));
        s.execute(sql("""
                insert into error.error_solution (error_id, solution_id, tenant, last_applied_at, created_at)
                select error_id, solution_id, $TENANT, now(), first_seen_at from solved"""));
        s.execute(sql("""
                insert into error.solution_outcome (tenant, project_id, error_id, solution_id, outcome, applied_at)
                select $TENANT, project_id, error_id, solution_id,
                       case when r < (case when age < 14 then 0.45 else 0.75 end) then 'success'
                            when r < 0.92 then 'failure' else 'partial' end,
                       now() - age * interval '1 day'
                from (select s.*, random() as r, random() * 90 as age
                      from solved s cross join generate_series(1, 1 + (s.error_id % 3)::int) n) x"""));
        s.execute(sql("""
                update error.error_solution es
                set success_count = c.s, failure_count = c.f, partial_count = c.p,
                    confidence = (c.s + 0.5 * c.p) / (c.s + c.f + c.p), last_outcome = c.last, last_applied_at = c.at
                from (select error_id, solution_id, count(*) filter (where outcome = 'success') as s,
                             count(*) filter (where outcome = 'failure') as f,
                             count(*) filter (where outcome = 'partial') as p, max(applied_at) as at,
                             (array_agg(outcome order by applied_at desc))[1] as last
                      from error.solution_outcome where tenant = $TENANT group by error_id, solution_id) c
                where es.error_id = c.error_id and es.solution_id = c.solution_id"""));
        s.execute(sql("""
                update error.solution so set success_count = es.success_count, failure_count = es.failure_count,
                    partial_count = es.partial_count, confidence = es.confidence
                from error.error_solution es join solved x using (solution_id)
                where so.id = es.solution_id"""));
        s.execute(sql("""
                update error.error e set resolved = true, resolved_at = now()
                from error.error_solution es join solved x using (error_id, solution_id)
                where e.id = es.error_id and es.success_count > 0"""));
    }

    /** 3,000 sessions with a chain of three errors each; every 4th repeats one of 60 sequences. */
    private void chains(Statement s, long before) throws SQLException {
        s.execute(sql("""
                insert into error.session (tenant, project_id, session_key, kind, status, connected_at,
                    last_heartbeat_at, disconnected_at)
                select $TENANT, p.id, 'bench-r-' || g, 'hook', 'disconnected', now() - g * interval '30 minutes',
                       now() - g * interval '30 minutes' + interval '20 minutes',
                       now() - g * interval '30 minutes' + interval '20 minutes'
                from generate_series(1, 3000) g
                join error.project p on p.tenant = $TENANT and p.name = 'r' || (g % $PROJECTS)
                on conflict do nothing"""));
        s.execute("analyze error.session");
        s.execute(sql("""
                create temp table chains as
                with ids as materialized (select array_agg(id order by id) as a from error.error
                                          where tenant = $TENANT and id > $BEFORE),
                x as materialized (select se.*, row_number() over (order by se.id) as g from error.session se
                                   where se.tenant = $TENANT and se.session_key like 'bench-r-%')
                select nextval(pg_get_serial_sequence('error.error_chain', 'id')) as chain_id, x.id as session_id,
                       x.project_id, x.connected_at as at,
                       case when x.g % 4 = 0
                            then array[ids.a[1 + ((x.g / 4) % 60) * 3], ids.a[2 + ((x.g / 4) % 60) * 3],
                                       ids.a[3 + ((x.g / 4) % 60) * 3]]
                            else array[ids.a[1 + floor(random() * cardinality(ids.a))::int],
                                       ids.a[1 + floor(random() * cardinality(ids.a))::int],
                                       ids.a[1 + floor(random() * cardinality(ids.a))::int]] end as errors
                from x cross join ids""")
                .replace("$BEFORE", Long.toString(before)));
        s.execute(sql("""
                insert into error.error_chain (id, tenant, project_id, session_id, started_at, last_at, length)
                overriding system value
                select chain_id, $TENANT, project_id, session_id, at, at + interval '3 minutes', 3 from chains"""));
        s.execute("""
                insert into error.error_chain_entry (chain_id, position, error_id, occurrence_id, time_delta_ms)
                select c.chain_id, i - 1, c.errors[i],
                       coalesce((select min(o.id) from error.error_occurrence o where o.error_id = c.errors[i]), 0),
                       case when i = 1 then null else 60000 end
                from chains c cross join generate_series(1, 3) i""");
    }

    /** The dev corpus' outputs reported to error-service into projects r0–r9 (every 7th also into a second one). */
    private void reportCorpus() throws Exception {
        var rows = stores.rows();
        List<String[]> reports = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            String output = rows.get(i).get("raw_output").asText();
            String command = rows.get(i).path("command").asText("");
            reports.add(new String[] { "r" + (i % PROJECTS), output, command });
            if (i % 7 == 0) {
                reports.add(new String[] { "r" + ((i + 3) % PROJECTS), output, command });
            }
        }
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", errorPort).usePlaintext().build();
        try {
            var stub = ErrorStores.stub(channel, tenant);
            parallel(reports.size(), i -> {
                String[] r = reports.get(i);
                stub.withDeadlineAfter(60, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject(r[0])).setRawOutput(r[1]).setCommand(r[2]).build());
            });
        } finally {
            channel.shutdownNow();
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private boolean ensureModules(int size) throws Exception {
        if (count("error.code_module") >= size) {
            return false;
        }
        System.err.printf("(generating %,d code modules for %s once ...)%n", size, tenant);
        if (count("error.code_module") == 0) {
            registerBaseModules();
        }
        long have = count("error.code_module");
        try (Connection c = stores.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(sql("""
                    create temp table mbase as
                    select m.*, row_number() over (order by m.id) - 1 as k from error.code_module m
                    where m.tenant = $TENANT"""));
            s.execute(sql("""
                    insert into error.code_module (tenant, project_id, name, module_type, file_path, start_line,
                        end_line, source_code, language, raw_hash, structural_fp, shape_sketch, category, purpose,
                        interface_signature, exports, dependencies, internal_imports, labels, reusability_score,
                        signals, is_pure, complexity_score, reuse_count, adaptation_count, confidence, embedding,
                        embedded_at, created_at, updated_at)
                    select m.tenant, p.id, m.name || '_' || ($HAVE + g), m.module_type,
                           regexp_replace(m.file_path, '(\\.[A-Za-z]+)$', '_' || ($HAVE + g) || '\\1'), m.start_line,
                           m.end_line, m.source_code, m.language,
                           encode(sha256(convert_to(m.raw_hash || ':' || ($HAVE + g), 'UTF8')), 'hex'),
                           case when m.k % 25 = 0 then m.structural_fp
                                else encode(sha256(convert_to(m.structural_fp || ':' || ($HAVE + g), 'UTF8')), 'hex') end,
                           m.shape_sketch, m.category, m.purpose, m.interface_signature, m.exports, m.dependencies,
                           m.internal_imports, m.labels, m.reusability_score, m.signals, m.is_pure,
                           m.complexity_score, case when g % 50 = 0 then 1 else 0 end, 0, m.confidence, m.embedding,
                           coalesce(m.embedded_at, now()), now() - (g % 90) * interval '1 day', now()
                    from generate_series(1, $N) g join mbase m on m.k = g % $HAVE
                    join error.project p on p.tenant = m.tenant and p.name = 'r' || ((g / $HAVE + g) % $PROJECTS)
                    on conflict do nothing""").replace("$N", Long.toString(size - have))
                    .replace("$HAVE", Long.toString(have)));
            s.execute("analyze error.code_module");
            s.execute(sql("""
                    insert into error.module_similarity (module_a, module_b, tenant, kind, score, detected_at)
                    select least(a, b), greatest(a, b), $TENANT, 'structural', 0.85, now()
                    from (select id as a, lead(id) over (partition by structural_fp order by id) as b
                          from error.code_module
                          where tenant = $TENANT
                            and structural_fp in (select structural_fp from mbase where k % 25 = 0)) x
                    where b is not null
                    on conflict do nothing"""));
            s.execute(sql("""
                    insert into error.module_usage (tenant, module_id, project_id, file_path, usage_type, outcome,
                        used_at)
                    select tenant, id, project_id, file_path, 'adapted', 'success',
                           now() - random() * interval '60 days'
                    from error.code_module
                    where tenant = $TENANT and id % 4 = 0
                      and structural_fp in (select structural_fp from mbase where k % 25 = 0)"""));
            s.execute(sql("""
                    update error.code_module m set adaptation_count = 1
                    from error.module_usage u where u.module_id = m.id and u.tenant = $TENANT
                      and u.usage_type = 'adapted'"""));
            c.commit();
        }
        return true;
    }

    /** 500 generated functions (the {@code code} section's generator) registered through CodeService.AnalyzeCode. */
    private void registerBaseModules() throws Exception {
        CodeBench generator = new CodeBench(0, null, null, null, 0, "", () -> -1, () -> -1);
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", errorPort).usePlaintext().build();
        try {
            var stub = CodeServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
            parallel(BASE_MODULES, i -> {
                CodeBench.Generated g = generator.generate(1_000_000 + i);
                stub.withDeadlineAfter(60, TimeUnit.SECONDS).analyzeCode(AnalyzeCodeRequest.newBuilder()
                        .setScope(Scope.newBuilder().setProject("r" + (i % PROJECTS))).setSource(g.source())
                        .setFilePath(g.path()).setPurpose(g.purpose()).setCategory(CATEGORIES[i % CATEGORIES.length])
                        .build());
            });
        } finally {
            channel.shutdownNow();
        }
    }

    // ---------------------------------------------------------------------------------------------------------

    private boolean ensureSynapses(int size) throws SQLException {
        if (count("memory.synapse") >= size * 0.98) {
            return false;
        }
        System.err.printf("(generating %,d synapses for %s once ...)%n", size, tenant);
        String columns = "insert into memory.synapse (tenant, source_type, source_id, target_type, target_id,"
                + " synapse_type, weight, base_weight, activation_count, last_activated_at, created_at) ";
        try (Connection c = stores.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("select setseed(0.5)");
            s.execute(sql(columns + """
                    select $TENANT, 'solution', solution_id, 'error', error_id, 'solves', w, w, 1,
                           now() - random() * interval '60 days', now()
                    from (select solution_id, error_id, 0.3 + random() * 0.7 as w from error.error_solution
                          where tenant = $TENANT) x
                    on conflict do nothing"""));
            s.execute(sql(columns + """
                    with sol as materialized (select array_agg(id) as a from error.solution where tenant = $TENANT),
                    m as materialized (select array_agg(id) as a from error.code_module where tenant = $TENANT)
                    select $TENANT, 'solution', sol.a[1 + floor(random() * cardinality(sol.a))::int], 'code_module',
                           m.a[1 + floor(random() * cardinality(m.a))::int], 'uses_module', w, w, 1,
                           now() - random() * interval '60 days', now()
                    from sol, m, (select 0.05 + random() * 0.95 as w from generate_series(1, 10000)) g
                    where cardinality(sol.a) > 0 and cardinality(m.a) > 0
                    on conflict do nothing"""));
            s.execute(sql(columns + """
                    with m as materialized (select array_agg(id) as a from error.code_module where tenant = $TENANT)
                    select $TENANT, 'code_module', a, 'code_module', b, 'co_occurs', w, w, 1,
                           now() - random() * interval '60 days', now()
                    from (select m.a[1 + floor(random() * cardinality(m.a))::int] as a,
                                 m.a[1 + floor(random() * cardinality(m.a))::int] as b,
                                 0.05 + 0.95 * power(random(), 4) as w
                          from m, generate_series(1, 20000) g
                          where cardinality(m.a) > 1) x
                    where a <> b
                    on conflict do nothing"""));
            long rest = Math.max(0, (long) ((size - countIn(s, "memory.synapse")) * 1.002));
            s.execute(sql(columns + """
                    with e as materialized (select array_agg(id order by id) as a from error.error
                                            where tenant = $TENANT and id % 50 <> 7)
                    select $TENANT, 'error', src, 'error', dst, type, w, w, 1, now() - random() * interval '60 days',
                           now()
                    from (select e.a[1 + floor(cardinality(e.a) * power(random(), 3))::int] as src,
                                 e.a[1 + floor(random() * cardinality(e.a))::int] as dst,
                                 (array['causes', 'similar_to', 'co_occurs', 'prevents', 'cross_project'])
                                     [1 + floor(random() * 5)::int] as type,
                                 0.05 + random() * 0.95 as w
                          from e, generate_series(1, $N) g
                          where cardinality(e.a) > 1) x
                    where src <> dst
                    on conflict do nothing""").replace("$N", Long.toString(rest)));
            c.commit();
        }
        return true;
    }

    // ---------------------------------------------------------------------------------------------------------

    interface Call {
        void call(int i) throws Exception;
    }

    /** Runs {@code call(0..n-1)} on 4 clients. */
    private static void parallel(int n, Call call) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                clients.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < n; i = next.getAndIncrement()) {
                        call.call(i);
                    }
                    return null;
                }));
            }
            for (Future<?> f : clients) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    /** Rows of the tenant in {@code table} as the statement's own transaction sees them. */
    private long countIn(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql("select count(*) from " + table + " where tenant = $TENANT"))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long maxId(Statement s, String table) throws SQLException {
        try (ResultSet rs = s.executeQuery("select coalesce(max(id), 0) from " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The statement with the tenant (checked in the constructor) and the project count in place. */
    private String sql(String statement) {
        return statement.replace("$TENANT", "'" + tenant + "'").replace("$PROJECTS", Integer.toString(PROJECTS));
    }
}
