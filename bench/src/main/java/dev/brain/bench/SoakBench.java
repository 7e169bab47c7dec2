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

/**
 * {@code ./brain bench soak [--clients 16] [--duration 10m] [--warmup 30s] [--think 0]}: {@code clients} MCP clients
 * (one token, session and thread each; Streamable HTTP on loopback; closed loop, each waits for its answer and
 * then a random 0–2×think ms) call every tool group through the gateway for {@code duration}. Prints per tool the
 * calls, failed calls and p50/p95/p99; the throughput; per service RSS and heap after a full GC at the start and
 * the end of the measured window; and the database's growth per call ({@code pg_database_size}). A failed call
 * is counted, not retried: the soak expects none.
 */
final class SoakBench {

    static final String TENANT = "bench-soak";

    private final int gatewayPort;
    private final Path pids;
    private final Path corpus;
    private final int clients;
    private final Duration duration;
    private final Duration warmup;
    private final int thinkMillis;
    private final String dbUrl;
    private final String dbUser;
    private final String dbPassword;

    SoakBench(int gatewayPort, Path pids, Path corpus, int clients, Duration duration, Duration warmup, int thinkMillis,
            String dbUrl, String dbUser, String dbPassword) {
        this.gatewayPort = gatewayPort;
        this.pids = pids;
        this.corpus = corpus;
        this.clients = clients;
        this.duration = duration;
        this.warmup = warmup;
        this.thinkMillis = thinkMillis;
        this.dbUrl = dbUrl;
        this.dbUser = dbUser;
        this.dbPassword = dbPassword;
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(dbUrl, dbUser, dbPassword);
    }

    /** 0 when all calls succeeded, 1 otherwise. */
    int run() throws Exception {
        ToolMix mix = new ToolMix(corpus, List.of());
        List<GatewayClient> tokens = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                tokens.add(new GatewayClient(gatewayPort, this::connect, "bench-soak-" + i, TENANT, "soak0"));
            }
            System.out.printf(Locale.ROOT, "%n== soak: %d MCP clients × %s through the gateway (:%d /mcp, Streamable HTTP),"
                    + " every tool group, think 0–%d ms, tenant %s, started %s ==%n", clients, human(duration), gatewayPort,
                    2 * thinkMillis, TENANT, Instant.now().toString().substring(0, 19) + "Z");
            LoadRun load = new LoadRun(clients, mix, c -> new McpClient(tokens.get(c), Duration.ofSeconds(30)), false,
                    Duration.ZERO, thinkMillis);
            load.start(System.currentTimeMillis());
            System.err.printf("  warm-up %s%n", human(warmup));
            Thread.sleep(warmup.toMillis());
            LoadRun.Window warm = load.window();
            Map<String, ServiceProbe.Reading> start = readAll();
            long dbStart = databaseSize();
            LoadRun.Window w = load.measureFromNow();
            System.err.printf("  warm-up done (%d calls, %d failed); measuring %s%n", warm.calls.get(),
                    warm.failedAttempts.get(), human(duration));
            for (String reason : warm.topReasons(5)) {
                System.err.println("    warm-up failed: " + reason);
            }
            long until = System.nanoTime() + duration.toNanos();
            long nextReport = System.nanoTime() + 60_000_000_000L;
            while (System.nanoTime() < until) {
                Thread.sleep(Math.min(1000, Math.max(1, (until - System.nanoTime()) / 1_000_000)));
                if (System.nanoTime() >= nextReport) {
                    nextReport += 60_000_000_000L;
                    System.err.printf(Locale.ROOT, "  %4.0f s: %d calls, %d failed%n", w.seconds(), w.calls.get(),
                            w.failedAttempts.get());
                }
            }
            w.endedNanos = System.nanoTime();
            load.measureFromNow(); // calls from here on (while the end is read) are not counted
            Map<String, ServiceProbe.Reading> end = readAll();
            load.stop();
            long dbEnd = databaseSize();
            print(w, start, end, dbStart, dbEnd);
            return w.failedAttempts.get() == 0 ? 0 : 1;
        } finally {
            for (GatewayClient t : tokens) {
                t.close();
            }
        }
    }

    private Map<String, ServiceProbe.Reading> readAll() {
        Map<String, ServiceProbe.Reading> out = new LinkedHashMap<>();
        for (String s : ServiceProbe.SERVICES) {
            out.put(s, ServiceProbe.read(pids, s));
        }
        return out;
    }

    private long databaseSize() throws SQLException {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("select pg_database_size(current_database())")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private void print(LoadRun.Window w, Map<String, ServiceProbe.Reading> start, Map<String, ServiceProbe.Reading> end,
            long dbStart, long dbEnd) {
        double seconds = w.seconds();
        System.out.println("tool                         | group     |  calls | failed | p50 ms | p95 ms | p99 ms | calls/s");
        System.out.println("-----------------------------|-----------|--------|--------|--------|--------|--------|--------");
        long[] all = new long[0];
        for (Map.Entry<String, LoadRun.Tally> e : LoadRun.inOrder(w).entrySet()) {
            long[] nanos = e.getValue().latencies();
            row(e.getKey(), ToolMix.group(e.getKey()), e.getValue().calls.get(), e.getValue().failed.get(), nanos, seconds);
            long[] merged = java.util.Arrays.copyOf(all, all.length + nanos.length);
            System.arraycopy(nanos, 0, merged, all.length, nanos.length);
            all = merged;
        }
        System.out.println("-----------------------------|-----------|--------|--------|--------|--------|--------|--------");
        row("all", "", w.calls.get(), w.failedAttempts.get(), all, seconds);
        System.out.printf(Locale.ROOT, "calls: %,d in %.0f s = %.1f calls/s; failed: %d%n", w.calls.get(), seconds,
                w.calls.get() / seconds, w.failedAttempts.get());
        for (String reason : w.topReasons(10)) {
            System.out.println("  failed: " + reason);
        }
        System.out.println();
        System.out.println("service          | pid     | RSS MiB start → end | heap after GC MiB start → end");
        System.out.println("-----------------|---------|---------------------|------------------------------");
        for (String s : ServiceProbe.SERVICES) {
            ServiceProbe.Reading a = start.get(s);
            ServiceProbe.Reading b = end.get(s);
            System.out.printf(Locale.ROOT, "%-16s | %7s | %8s → %-8s | %12s → %s%n", s, ServiceProbe.fmt(b.pid()),
                    ServiceProbe.fmt(a.rssMiB()), ServiceProbe.fmt(b.rssMiB()), ServiceProbe.fmt(a.heapAfterGcMiB()),
                    ServiceProbe.fmt(b.heapAfterGcMiB()));
        }
        long calls = Math.max(1, w.calls.get());
        System.out.printf(Locale.ROOT, "%ndatabase: %.1f MiB → %.1f MiB (+%.1f MiB), %.2f KiB per call%n",
                dbStart / 1048576.0, dbEnd / 1048576.0, (dbEnd - dbStart) / 1048576.0, (dbEnd - dbStart) / 1024.0 / calls);
    }

    private static void row(String name, String group, long calls, long failed, long[] nanos, double seconds) {
        if (nanos.length == 0) {
            System.out.printf(Locale.ROOT, "%-28s | %-9s | %6d | %6d | %6s | %6s | %6s | %6.1f%n", name, group, calls, failed,
                    "-", "-", "-", calls / seconds);
            return;
        }
        Stats s = Stats.of(nanos);
        System.out.printf(Locale.ROOT, "%-28s | %-9s | %6d | %6d | %6.1f | %6.1f | %6.1f | %6.1f%n", name, group, calls,
                failed, s.p50(), s.p95(), s.p99(), calls / seconds);
    }

    /** 10m, 90s, 1h, 500ms or plain seconds. */
    static Duration duration(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            if (t.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            if (t.endsWith("h")) {
                return Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(t));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a duration like 10m, 90s or 1h");
        }
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        if (s >= 60 && s % 60 == 0) {
            return (s / 60) + " min";
        }
        return s + " s";
    }
}
