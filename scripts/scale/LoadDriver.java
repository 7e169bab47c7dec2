import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The load of scripts/scale-test.sh: {@code threads} clients send a mix of requests through the gateway's REST API
 * (report an error, remember, query errors, recall) until {@code seconds} have passed or {@code stop-file} exists,
 * and count every answer that is not 2xx (or no answer at all) as a failed request. Started as a single source
 * file ({@code java LoadDriver.java ...}), so it needs no build. Prints one line of figures:
 * {@code requests=N failed=F seconds=S rps=R p50_ms=A p95_ms=B} and, when some failed, the first failures.
 */
public class LoadDriver {

    private static final String[] TYPES = { "KeyError", "ValueError", "TypeError", "IndexError", "ConnectionError",
            "TimeoutError", "FileNotFoundError", "PermissionError", "ZeroDivisionError", "AttributeError" };
    private static final String[] WORDS = { "order", "customer", "invoice", "payment", "cart", "session", "user",
            "token", "report", "shipment", "ledger", "account" };

    public static void main(String[] args) throws Exception {
        String url = "http://127.0.0.1:8380";
        String token = null;
        int threads = 8;
        double seconds = 15;
        Path stopFile = null;
        String project = "scale";
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--url" -> url = args[i + 1];
                case "--token" -> token = args[i + 1];
                case "--threads" -> threads = Integer.parseInt(args[i + 1]);
                case "--seconds" -> seconds = Double.parseDouble(args[i + 1]);
                case "--stop-file" -> stopFile = Path.of(args[i + 1]);
                case "--project" -> project = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (token == null) {
            throw new IllegalArgumentException("--token is required");
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + (long) (seconds * 1e9);
        AtomicLong requests = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        List<String> failures = new ArrayList<>();
        ConcurrentHashMap<Integer, long[]> latencies = new ConcurrentHashMap<>();
        String base = url;
        String bearer = "Bearer " + token;
        String proj = project;
        Path stop = stopFile;
        long started = System.nanoTime();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread w = new Thread(() -> {
                long[] lat = new long[1 << 20];
                int n = 0;
                ThreadLocalRandom r = ThreadLocalRandom.current();
                for (long i = 0; System.nanoTime() < deadline && (stop == null || !Files.exists(stop)); i++) {
                    HttpRequest request = request(base, bearer, proj, (int) (i % 4), r);
                    long t0 = System.nanoTime();
                    String problem = null;
                    try {
                        HttpResponse<String> answer = http.send(request, HttpResponse.BodyHandlers.ofString());
                        if (answer.statusCode() / 100 != 2) {
                            String body = answer.body();
                            problem = answer.statusCode() + " " + request.method() + " " + request.uri().getPath() + ": "
                                    + body.substring(0, Math.min(200, body.length())).replace('\n', ' ');
                        }
                    } catch (Exception e) {
                        problem = e.getClass().getSimpleName() + " " + request.uri().getPath() + ": " + e.getMessage();
                    }
                    if (n < lat.length) {
                        lat[n++] = System.nanoTime() - t0;
                    }
                    requests.incrementAndGet();
                    if (problem != null) {
                        failed.incrementAndGet();
                        synchronized (failures) {
                            if (failures.size() < 5) {
                                failures.add(problem);
                            }
                        }
                    }
                }
                latencies.put(id, Arrays.copyOf(lat, n));
            });
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        double elapsed = (System.nanoTime() - started) / 1e9;
        long[] all = latencies.values().stream().flatMapToLong(Arrays::stream).sorted().toArray();
        System.out.printf("requests=%d failed=%d seconds=%.1f rps=%.1f p50_ms=%.1f p95_ms=%.1f%n", requests.get(),
                failed.get(), elapsed, requests.get() / elapsed, pct(all, 0.50), pct(all, 0.95));
        for (String f : failures) {
            System.out.println("failure: " + f);
        }
    }

    private static double pct(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1e6;
    }

    /** Kind 0: report an error (outbox events), 1: remember, 2: query errors, 3: recall. */
    private static HttpRequest request(String base, String bearer, String project, int kind, ThreadLocalRandom r) {
        String type = TYPES[r.nextInt(TYPES.length)];
        String word = WORDS[r.nextInt(WORDS.length)];
        HttpRequest.Builder b = HttpRequest.newBuilder().timeout(Duration.ofSeconds(10))
                .header("Authorization", bearer).header("Accept", "application/json");
        return switch (kind) {
            case 0 -> b.uri(URI.create(base + "/api/v1/errors")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"error_output\":\"Traceback (most recent call last):\\n"
                            + "  File \\\"app/" + word + ".py\\\", line " + (10 + r.nextInt(40)) + ", in handle\\n"
                            + type + ": '" + word + "_" + r.nextInt(200) + "'\",\"command\":\"python app/" + word
                            + ".py\",\"exit_code\":1,\"project\":\"" + project + "\"}")).build();
            case 1 -> b.uri(URI.create(base + "/api/v1/memory/remember")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"salience\":0.5,\"content\":\"The " + word + " service of project "
                            + project + " raised " + type + " number " + r.nextInt(100000) + " on a Tuesday\"}")).build();
            case 2 -> b.uri(URI.create(base + "/api/v1/errors?q=" + type + "&limit=5&project=" + project)).GET().build();
            default -> b.uri(URI.create(base + "/api/v1/memory/recall")).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"query\":\"what went wrong with the " + word + "\"}"))
                    .build();
        };
    }
}
