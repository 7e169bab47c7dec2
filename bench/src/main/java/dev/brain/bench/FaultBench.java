package dev.brain.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./brain bench faults} (run by {@code scripts/bench-faults.sh}, which owns the database cluster and the
 * services): under a load of {@code clients} MCP clients over every tool group, with retries (a failed call is
 * counted and retried with back-off, see {@link LoadRun}), one fault at a time —
 * <ul>
 * <li>{@code postgres}: PostgreSQL restarted (fast shutdown: open transactions are rolled back); the services must
 * recover without a restart of their own (same pids);</li>
 * <li>{@code memory}: memory-service stopped for {@code outage} and started again; the error tools must keep
 * working meanwhile, and afterwards every synapse event of error-service's outbox must be applied exactly once
 * (delivered, its idempotency key in memory's {@code synapse_event}, and each synapse's {@code activation_count}
 * equal to the number of strengthen events for it);</li>
 * <li>{@code gateway}: the gateway restarted; the clients get 404 for their session and open a new one;</li>
 * <li>{@code kill}: error-service killed with SIGKILL under load (reports in flight), then started again.</li>
 * </ul>
 * After each fault the load drains its retries and the database is checked for half-written state: every error has
 * its occurrences (and {@code occurrence_count} equals them), every solution its error, every outcome its count,
 * every report its outbox event, no synapse event claimed without its result. Prints one row per fault: calls,
 * failed calls, retries, recovered calls and the verdict, with what each check found below.
 */
final class FaultBench {

    static final String TENANT = "bench-faults";

    private final int gatewayPort;
    private final Path pids;
    private final Path corpus;
    private final int clients;
    private final Duration outage;
    private final Duration before;
    private final Duration after;
    private final Duration warmup;
    private final List<String> faultCommand;
    private final List<String> faults;
    private final String dbUrl;
    private final String dbUser;
    private final String dbPassword;

    FaultBench(int gatewayPort, Path pids, Path corpus, int clients, Duration outage, Duration before, Duration after,
            Duration warmup, List<String> faultCommand, List<String> faults, String dbUrl, String dbUser, String dbPassword) {
        this.gatewayPort = gatewayPort;
        this.pids = pids;
        this.corpus = corpus;
        this.clients = clients;
        this.outage = outage;
        this.before = before;
        this.after = after;
        this.warmup = warmup;
        this.faultCommand = faultCommand;
        this.faults = faults;
        this.dbUrl = dbUrl;
        this.dbUser = dbUser;
        this.dbPassword = dbPassword;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(dbUrl, dbUser, dbPassword);
    }

    /** One fault's outcome. */
    private record Row(String fault, LoadRun.Window load, List<String> notes, boolean pass) {
    }

    int run() throws Exception {
        ToolMix mix = new ToolMix(corpus, List.of());
        List<GatewayClient> tokens = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                tokens.add(new GatewayClient(gatewayPort, this::connect, "bench-faults-" + i, TENANT, "soak0"));
            }
            System.out.printf(Locale.ROOT,
                    "%n== faults: %d MCP clients with retries over every tool group, %s warm-up, %s before and %s"
                            + " after each fault, memory-service outage %s, started %s ==%n",
                    clients, SoakBench.human(warmup),
                    SoakBench.human(before),
                    SoakBench.human(after), SoakBench.human(outage), Instant.now().toString().substring(0, 19) + "Z");
            // the services just started: their first calls load models and compile; not part of any fault
            LoadRun warm = new LoadRun(clients, mix, c -> new McpClient(tokens.get(c), Duration.ofSeconds(30)), false,
                    Duration.ZERO, 0);
            warm.start(1);
            Thread.sleep(warmup.toMillis());
            LoadRun.Window w = warm.stop();
            System.err.printf("warm-up: %d calls, %d failed%n", w.calls.get(), w.failedAttempts.get());
            for (String fault : faults) {
                rows.add(fault(fault, mix, tokens));
            }
        } finally {
            for (GatewayClient t : tokens) {
                try {
                    t.close();
                } catch (SQLException e) {
                    System.err.println("could not delete the bench token: " + e.getMessage());
                }
            }
        }
        System.out.println();
        System.out.println("fault                                   |  calls | failed | retried | recovered | verdict");
        System.out.println("----------------------------------------|--------|--------|---------|-----------|--------");
        boolean all = true;
        for (Row r : rows) {
            System.out.printf(Locale.ROOT, "%-39s | %6d | %6d | %7d | %9d | %s%n", r.fault(), r.load().calls.get(),
                    r.load().failedCalls.get(), r.load().retries.get(), r.load().recovered.get(), r.pass() ? "PASS" : "FAIL");
            all &= r.pass();
        }
        for (Row r : rows) {
            System.out.println();
            System.out.println(r.fault() + ":");
            for (String n : r.notes()) {
                System.out.println("  " + n);
            }
        }
        return all ? 0 : 1;
    }

    private Row fault(String fault, ToolMix mix, List<GatewayClient> tokens) throws Exception {
        String title = switch (fault) {
            case "postgres" -> "PostgreSQL restarted under load";
            case "memory" -> "memory-service down " + SoakBench.human(outage) + " under load";
            case "gateway" -> "gateway restarted under load";
            case "kill" -> "error-service SIGKILL mid-transaction";
            default ->
                throw new IllegalArgumentException("unknown fault '" + fault + "' (known: postgres, memory, gateway, kill)");
        };
        System.err.printf("%n-- %s%n", title);
        List<String> notes = new ArrayList<>();
        boolean pass = true;
        LoadRun load = new LoadRun(clients, mix, c -> new McpClient(tokens.get(c), Duration.ofSeconds(30)), true,
                outage.plusMinutes(3), 0);
        load.start(System.currentTimeMillis());
        Thread.sleep(before.toMillis());
        LoadRun.Window w = load.window();
        Map<String, Long> pidsBefore = pidsNow();
        long faultStart = System.nanoTime();
        load.phase = "during";
        switch (fault) {
            case "postgres" -> action("pg-restart");
            case "memory" -> {
                action("stop", "memory-service");
                Thread.sleep(outage.toMillis());
                action("start", "memory-service");
            }
            case "gateway" -> action("restart", "gateway");
            default -> {
                action("kill9", "error-service");
                action("start", "error-service");
            }
        }
        long faultEnd = System.nanoTime();
        load.phase = "after";
        notes.add(String.format(Locale.ROOT, "fault took %.1f s (until the service answered ready again)",
                (faultEnd - faultStart) / 1e9));
        Thread.sleep(after.toMillis());
        long stopAt = System.nanoTime();
        load.stop();
        notes.add(String.format(Locale.ROOT, "calls %d, failed attempts %d (before %d, during %d, after %d), retries %d,"
                + " recovered %d, given up %d, new MCP sessions after a 404 %d", w.calls.get(), w.failedAttempts.get(),
                phaseFailures(w, "run"), phaseFailures(w, "during"), phaseFailures(w, "after"), w.retries.get(),
                w.recovered.get(), w.givenUp.get(), w.reconnects.get()));
        if (w.givenUp.get() > 0) {
            pass = false;
            notes.add("FAIL: " + w.givenUp.get() + " calls still failed after retrying for "
                    + SoakBench.human(outage.plusMinutes(3)));
        }
        long last = w.lastFailureNanos.get();
        if (last > 0) {
            double settle = (last - faultEnd) / 1e9;
            notes.add(String.format(Locale.ROOT, "last failed attempt %.1f s %s the fault ended", Math.abs(settle),
                    settle >= 0 ? "after" : "before"));
            if (last > stopAt - 10_000_000_000L && last > faultEnd + 30_000_000_000L) {
                pass = false;
                notes.add("FAIL: calls still failed in the last 10 s of the run, more than 30 s after the fault");
            }
        }
        for (String reason : w.topReasons(6)) {
            notes.add("failed: " + reason);
        }
        switch (fault) {
            case "postgres" -> {
                Map<String, Long> pidsAfter = pidsNow();
                boolean same = pidsAfter.equals(pidsBefore);
                notes.add(
                        (same ? "" : "FAIL: ") + "service pids before " + pidsBefore.values() + ", after " + pidsAfter.values()
                                + (same ? " (no service restarted)" : " (a service restarted)"));
                pass &= same;
            }
            case "memory" -> {
                long during = w.failuresOf("errors", "during");
                notes.add((during == 0 ? "" : "FAIL: ") + "error tools' failed attempts while memory-service was down: "
                        + during + " (memory tools': " + w.failuresOf("memory", "during") + ")");
                pass &= during == 0;
            }
            case "gateway" -> {
                boolean reconnected = w.reconnects.get() > 0;
                notes.add((reconnected ? "" : "FAIL: ") + "clients that opened a new session after the restart: "
                        + w.reconnects.get());
                pass &= reconnected;
            }
            default -> {
            }
        }
        pass &= outboxDrained(notes, fault.equals("memory") ? outage.plusMinutes(5) : Duration.ofMinutes(3));
        pass &= consistent(notes);
        System.err.printf("-- %s: %s%n", title, pass ? "PASS" : "FAIL");
        return new Row(title, w, notes, pass);
    }

    private static long phaseFailures(LoadRun.Window w, String phase) {
        long n = 0;
        for (Map.Entry<String, java.util.concurrent.atomic.AtomicLong> e : w.failuresByGroupPhase.entrySet()) {
            if (e.getKey().endsWith("/" + phase)) {
                n += e.getValue().get();
            }
        }
        return n;
    }

    private Map<String, Long> pidsNow() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String s : ServiceProbe.SERVICES) {
            out.put(s, ServiceProbe.pid(pids, s));
        }
        return out;
    }

    /** Runs the fault command ({@code scripts/bench-faults.sh action ...}) and waits for it. */
    private void action(String... args) throws Exception {
        List<String> command = new ArrayList<>(faultCommand);
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not finish within 5 minutes");
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + p.exitValue() + ")");
        }
    }

    /**
     * Waits until error-service's outbox holds no undelivered event, then checks that memory-service applied each
     * delivered event exactly once: its key is in {@code synapse_event}, and every synapse that only strengthen
     * events touched has as many activations as there were events for it.
     */
    private boolean outboxDrained(List<String> notes, Duration wait) throws Exception {
        long deadline = System.nanoTime() + wait.toNanos();
        long pending;
        long dead;
        while (true) {
            long[] pd = longs("select count(*) filter (where delivered_at is null and dead_at is null),"
                    + " count(*) filter (where dead_at is not null) from error.outbox");
            pending = pd[0];
            dead = pd[1];
            if (pending == 0 || System.nanoTime() > deadline) {
                break;
            }
            Thread.sleep(2000);
        }
        boolean ok = pending == 0 && dead == 0;
        long[] events = longs("select count(*), count(*) filter (where not exists (select 1 from memory.synapse_event s"
                + " where s.tenant = o.tenant and s.event_id = o.idempotency_key)) from error.outbox o where o.delivered_at is not null");
        long[] synapses = longs("""
                with ev as (
                  select tenant, event->'source'->>'type' st, (event->'source'->>'id')::bigint sid,
                         event->'target'->>'type' tt, (event->'target'->>'id')::bigint tid, event->>'synapse_type' ty,
                         count(*) filter (where event->>'op' = 'strengthen') n,
                         count(*) filter (where event->>'op' <> 'strengthen') other
                  from error.outbox
                  where delivered_at is not null and jsonb_typeof(event->'target') = 'object'
                  group by 1, 2, 3, 4, 5, 6)
                select count(*), count(*) filter (where y.id is null),
                       count(*) filter (where y.activation_count > ev.n), count(*) filter (where y.activation_count < ev.n)
                from ev left join memory.synapse y on y.tenant = ev.tenant and y.source_type = ev.st
                  and y.source_id = ev.sid and y.target_type = ev.tt and y.target_id = ev.tid and y.synapse_type = ev.ty
                where ev.other = 0""");
        ok &= events[1] == 0 && synapses[1] == 0 && synapses[2] == 0 && synapses[3] == 0;
        notes.add(String.format(Locale.ROOT, "%soutbox: %d undelivered, %d dead; %d delivered events, %d of them not in"
                + " memory's synapse_event; %d synapses from strengthen events only: %d missing, %d with more activations"
                + " than events (applied twice), %d with fewer", ok ? "" : "FAIL: ", pending, dead, events[0], events[1],
                synapses[0], synapses[1], synapses[2], synapses[3]));
        return ok;
    }

    /** Half-written state anywhere in the database; each check must find none. */
    private boolean consistent(List<String> notes) throws SQLException {
        Map<String, String> checks = new LinkedHashMap<>();
        checks.put("errors without an occurrence", """
                select count(*) from error.error e
                where not exists (select 1 from error.error_occurrence o where o.error_id = e.id)""");
        checks.put("errors whose occurrence_count differs from their occurrences", """
                select count(*) from error.error e
                where e.occurrence_count <> (select count(*) from error.error_occurrence o where o.error_id = e.id)""");
        checks.put("errors whose reports lack their co_occurs outbox event", """
                with ev as (select (event->'source'->>'id')::bigint id, count(*) n from error.outbox
                            where event->>'op' = 'strengthen' and event->>'synapse_type' = 'co_occurs'
                              and event->'source'->>'type' = 'error' group by 1)
                select count(*) from error.error e left join ev on ev.id = e.id
                where coalesce(ev.n, 0) <> e.occurrence_count""");
        checks.put("solutions without an error", """
                select count(*) from error.solution s
                where not exists (select 1 from error.error_solution l where l.solution_id = s.id)""");
        checks.put("error-solution links whose counts differ from their outcomes", """
                select count(*) from error.error_solution l
                where l.success_count + l.failure_count + l.partial_count <> (select count(*) from error.solution_outcome o
                      where o.error_id = l.error_id and o.solution_id = l.solution_id)""");
        checks.put("synapse events claimed without their result", """
                select count(*) from memory.synapse_event where result = '{}'::jsonb""");
        boolean ok = true;
        StringBuilder line = new StringBuilder();
        for (Map.Entry<String, String> c : checks.entrySet()) {
            long bad = longs(c.getValue())[0];
            ok &= bad == 0;
            line.append(line.length() == 0 ? "" : "; ").append(c.getKey()).append(": ").append(bad);
        }
        long[] totals = longs("select (select count(*) from error.error), (select count(*) from error.error_occurrence),"
                + " (select count(*) from error.solution), (select count(*) from error.solution_outcome),"
                + " (select count(*) from memory.synapse)");
        notes.add((ok ? "" : "FAIL: ") + "consistency — " + line);
        notes.add(String.format(Locale.ROOT, "database holds %d errors, %d occurrences, %d solutions, %d outcomes, %d synapses",
                totals[0], totals[1], totals[2], totals[3], totals[4]));
        return ok;
    }

    private long[] longs(String sql) throws SQLException {
        try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            long[] out = new long[rs.getMetaData().getColumnCount()];
            for (int i = 0; i < out.length; i++) {
                out[i] = rs.getLong(i + 1);
            }
            return out;
        }
    }
}
