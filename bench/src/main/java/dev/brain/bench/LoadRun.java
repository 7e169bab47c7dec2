package dev.brain.bench;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A closed-loop load of {@code clients} MCP clients, one thread, token and session each, drawing calls from a
 * {@link ToolMix}. Per tool: calls, failed attempts and the latency of every successful attempt.
 * <p>
 * With {@code retry} (the fault runs) a failed call is not dropped: the client counts it, puts it back with a
 * back-off (0.25 s doubling to 4 s) and goes on with new calls meanwhile, so a fault in one group of tools does not
 * stall the others; a call still failing {@code giveUp} after its first failure is given up. A session the gateway no
 * longer knows (HTTP 404, as after a restart of the gateway) is replaced by a new one ({@code initialize} again)
 * before the retry. After a failed attempt the client pauses 0.2 s. After {@link #stop()} the clients start no new
 * calls and drain their retries.
 */
final class LoadRun {

    /** What a client calls the gateway with: a fresh MCP session over a token of its own. */
    interface Sessions {
        McpClient create(int client);
    }

    /** Per tool: calls started, failed attempts, and the latencies (ns) of successful attempts. */
    static final class Tally {
        final AtomicLong calls = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        private long[] nanos = new long[1024];
        private int n;

        synchronized void ok(long took) {
            if (n == nanos.length) {
                nanos = Arrays.copyOf(nanos, n * 2);
            }
            nanos[n++] = took;
        }

        synchronized long[] latencies() {
            return Arrays.copyOf(nanos, n);
        }
    }

    /** The counters of one measured window; {@link #measureFromNow()} starts a new one. */
    static final class Window {
        final Map<String, Tally> tools = new ConcurrentHashMap<>();
        final long startedNanos = System.nanoTime();
        volatile long endedNanos;
        final AtomicLong calls = new AtomicLong();
        final AtomicLong failedCalls = new AtomicLong(); // calls with at least one failed attempt
        final AtomicLong failedAttempts = new AtomicLong();
        final AtomicLong retries = new AtomicLong();
        final AtomicLong recovered = new AtomicLong(); // failed calls that a retry completed
        final AtomicLong givenUp = new AtomicLong();
        final AtomicLong reconnects = new AtomicLong(); // new sessions after the gateway forgot one
        /** Failed attempts by "group/phase". */
        final Map<String, AtomicLong> failuresByGroupPhase = new ConcurrentHashMap<>();
        /** Failure reasons (digits folded) and how often each came. */
        final Map<String, AtomicLong> reasons = new ConcurrentHashMap<>();
        final AtomicLong lastFailureNanos = new AtomicLong();

        Tally tally(String tool) {
            return tools.computeIfAbsent(tool, t -> new Tally());
        }

        double seconds() {
            long end = endedNanos == 0 ? System.nanoTime() : endedNanos;
            return (end - startedNanos) / 1e9;
        }

        long failuresOf(String group, String phase) {
            AtomicLong n = failuresByGroupPhase.get(group + "/" + phase);
            return n == null ? 0 : n.get();
        }

        /** The most frequent failure reasons, one line each. */
        List<String> topReasons(int most) {
            List<Map.Entry<String, AtomicLong>> all = new ArrayList<>(reasons.entrySet());
            all.sort((a, b) -> Long.compare(b.getValue().get(), a.getValue().get()));
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < Math.min(most, all.size()); i++) {
                lines.add(all.get(i).getValue().get() + " × " + all.get(i).getKey());
            }
            return lines;
        }
    }

    private final int clients;
    private final ToolMix mix;
    private final Sessions sessions;
    private final boolean retry;
    private final Duration giveUp;
    private final int thinkMillis;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean stopping;
    private volatile Window window = new Window();
    /** The phase failures are counted under (the fault runs: before, during, after). */
    volatile String phase = "run";

    LoadRun(int clients, ToolMix mix, Sessions sessions, boolean retry, Duration giveUp, int thinkMillis) {
        this.clients = clients;
        this.mix = mix;
        this.sessions = sessions;
        this.retry = retry;
        this.giveUp = giveUp;
        this.thinkMillis = thinkMillis;
    }

    void start(long seed) {
        for (int i = 0; i < clients; i++) {
            int client = i;
            Thread t = new Thread(() -> client(client, seed * 1000 + client), "load-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    /** Starts a new measured window; calls in flight count in the new one. */
    Window measureFromNow() {
        window = new Window();
        return window;
    }

    Window window() {
        return window;
    }

    /** No new calls; waits until every client drained its retries (or gave them up). */
    Window stop() throws InterruptedException {
        stopping = true;
        for (Thread t : threads) {
            t.join();
        }
        window.endedNanos = System.nanoTime();
        return window;
    }

    /** A call and its retry state. */
    private static final class Pending {
        final ToolMix.Call call;
        final Window window;
        int failures;
        long firstFailureNanos;
        long dueNanos;

        Pending(ToolMix.Call call, Window window) {
            this.call = call;
            this.window = window;
        }
    }

    private void client(int client, long seed) {
        ToolMix.Session session = mix.session(client, seed);
        McpClient mcp = sessions.create(client);
        boolean open = false;
        PriorityQueue<Pending> retries = new PriorityQueue<>((a, b) -> Long.compare(a.dueNanos, b.dueNanos));
        while (true) {
            long now = System.nanoTime();
            Pending p;
            if (!retries.isEmpty() && retries.peek().dueNanos <= now) {
                p = retries.poll();
                p.window.retries.incrementAndGet();
            } else if (stopping) {
                if (retries.isEmpty()) {
                    return;
                }
                sleep(Math.max(1, (retries.peek().dueNanos - now) / 1_000_000));
                continue;
            } else {
                Window w = window;
                p = new Pending(session.next(), w);
                w.calls.incrementAndGet();
                w.tally(p.call.tool()).calls.incrementAndGet();
            }
            String reason;
            boolean sessionGone = false;
            try {
                if (!open) {
                    mcp.open();
                    open = true;
                }
                long t0 = System.nanoTime();
                JsonNode result = mcp.callTool(p.call.tool(), p.call.arguments());
                long took = System.nanoTime() - t0;
                p.window.tally(p.call.tool()).ok(took);
                if (p.failures > 0) {
                    p.window.recovered.incrementAndGet();
                }
                if (p.call.keep() != null) {
                    p.call.keep().accept(result.path("structuredContent"));
                }
                think();
                continue;
            } catch (McpClient.CallFailed e) {
                sessionGone = e.sessionGone;
                reason = e.getMessage();
            } catch (HttpTimeoutException e) {
                reason = p.call.tool() + ": no answer within the client's time-out";
            } catch (IOException e) {
                reason = p.call.tool() + ": " + e.getClass().getSimpleName()
                        + (e.getMessage() == null ? "" : " " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                reason = p.call.tool() + ": " + e;
            }
            if (sessionGone) {
                open = false;
                p.window.reconnects.incrementAndGet();
            }
            failed(p, reason);
            sleep(200); // a client whose call failed pauses before its next one: no busy loop against a refused port
            if (retry && System.nanoTime() - p.firstFailureNanos < giveUp.toNanos()) {
                p.dueNanos = System.nanoTime() + Math.min(4000L, 250L << Math.min(p.failures - 1, 4)) * 1_000_000L;
                retries.add(p);
            } else if (retry) {
                p.window.givenUp.incrementAndGet();
            }
        }
    }

    private void failed(Pending p, String reason) {
        Window w = p.window;
        long now = System.nanoTime();
        if (p.failures++ == 0) {
            p.firstFailureNanos = now;
            w.failedCalls.incrementAndGet();
        }
        w.failedAttempts.incrementAndGet();
        w.tally(p.call.tool()).failed.incrementAndGet();
        w.failuresByGroupPhase.computeIfAbsent(ToolMix.group(p.call.tool()) + "/" + phase, k -> new AtomicLong())
                .incrementAndGet();
        String folded = reason.replaceAll("[0-9]+", "N");
        if (folded.length() > 200) {
            folded = folded.substring(0, 200) + " …";
        }
        if (w.reasons.size() < 200 || w.reasons.containsKey(folded)) {
            w.reasons.computeIfAbsent(folded, k -> new AtomicLong()).incrementAndGet();
        }
        w.lastFailureNanos.set(now);
    }

    private void think() {
        if (thinkMillis > 0) {
            sleep(ThreadLocalRandom.current().nextInt(2 * thinkMillis + 1));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Tools in table order, those not called left out. */
    static Map<String, Tally> inOrder(Window w) {
        Map<String, Tally> out = new LinkedHashMap<>();
        for (String tool : ToolMix.GROUPS.keySet()) {
            Tally t = w.tools.get(tool);
            if (t != null) {
                out.put(tool, t);
            }
        }
        return out;
    }
}
