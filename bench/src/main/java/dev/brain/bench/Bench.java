package dev.brain.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.quarkus.runtime.QuarkusApplication;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * {@code ./brain bench [section ...]}: runs the benchmark sections against the running services and prints
 * one table per section. Sections: {@code embedding}, {@code synapses}, {@code memory}, {@code errors}, {@code code},
 * {@code recall}, {@code hooks}, {@code research} (default: all); on request only: {@code soak} (16 MCP clients for
 * 10 minutes), {@code ui} (the web view's pages with 100k errors and a 1M-synapse network) and {@code faults} (run by
 * {@code scripts/bench-faults.sh}, which brings its own database cluster and services).
 */
@QuarkusMain
public class Bench implements QuarkusApplication {

    @Override
    public int run(String... args) throws Exception {
        Map<String, String> options = new LinkedHashMap<>();
        List<String> sections = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].startsWith("--") && i + 1 < args.length) {
                options.put(args[i].substring(2), args[++i]);
            } else {
                sections.add(args[i]);
            }
        }
        if (sections.isEmpty()) {
            sections.addAll(List.of("embedding", "synapses", "memory", "recall", "errors", "hooks", "code", "research"));
        }
        Path pids = Path.of(options.getOrDefault("pids", "data/pids"));
        int failed = 0;
        for (String section : sections) {
            switch (section) {
                case "embedding" -> new EmbeddingBench(Integer.parseInt(options.getOrDefault("memory-port", "9102")),
                        rssOf(pids, "memory-service")).run();
                case "synapses" -> new SynapseBench(Integer.parseInt(options.getOrDefault("memory-port", "9102")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"), rssOf(pids, "memory-service")).run();
                case "memory" -> new MemoryBench(Integer.parseInt(options.getOrDefault("memory-port", "9102")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"), rssOf(pids, "memory-service")).run();
                case "recall" -> new MemoryBench(Integer.parseInt(options.getOrDefault("memory-port", "9102")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"), rssOf(pids, "memory-service"))
                        .recallThroughGateway(Integer.parseInt(options.getOrDefault("gateway-port", "8080")));
                case "errors" -> new ErrorBench(Integer.parseInt(options.getOrDefault("error-port", "9101")),
                        Integer.parseInt(options.getOrDefault("gateway-port", "8080")), errorStores(options),
                        Path.of(options.getOrDefault("distinct",
                                "error-service/src/test/resources/corpus/errors-distinct-20k.jsonl.gz")),
                        java.util.Arrays.stream(options.getOrDefault("errors-steps", "1000,10000,100000").split(","))
                                .map(String::strip).map(Integer::valueOf).toList(),
                        rssOf(pids, "error-service"), rssOf(pids, "gateway")).run();
                case "hooks" -> new HookBench(errorStores(options),
                        Integer.parseInt(options.getOrDefault("gateway-port", "8080")),
                        Path.of(options.getOrDefault("payloads", "gateway/src/test/resources/claude-code")),
                        rssOf(pids, "gateway")).run();
                case "code" -> new CodeBench(Integer.parseInt(options.getOrDefault("gateway-port", "8080")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"),
                        Integer.parseInt(options.getOrDefault("modules", "20000")), errorStores(options).embeddingModel(),
                        rssOf(pids, "error-service"), rssOf(pids, "gateway")).run();
                case "research" -> new ResearchBench(errorStores(options),
                        Integer.parseInt(options.getOrDefault("error-port", "9101")),
                        Integer.parseInt(options.getOrDefault("research-port", "9103")),
                        Integer.parseInt(options.getOrDefault("gateway-port", "8080")),
                        Integer.parseInt(options.getOrDefault("research-errors", "100000")),
                        Integer.parseInt(options.getOrDefault("research-modules", "20000")),
                        Integer.parseInt(options.getOrDefault("research-synapses", "1000000")),
                        Integer.parseInt(options.getOrDefault("knowledge-entries", "10000")),
                        rssOf(pids, "research-service"), rssOf(pids, "gateway")).run();
                case "quality" -> new QualityBench(options, errorStores(options)).run();
                case "soak" -> failed |= new SoakBench(Integer.parseInt(options.getOrDefault("gateway-port", "8080")), pids,
                        Path.of(options.getOrDefault("corpus", "error-service/src/test/resources/corpus/errors-dev.jsonl")),
                        Integer.parseInt(options.getOrDefault("clients", "16")),
                        SoakBench.duration(options.getOrDefault("duration", "10m")),
                        SoakBench.duration(options.getOrDefault("warmup", "30s")),
                        Integer.parseInt(options.getOrDefault("think", "0")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain")).run();
                case "ui" -> failed |= new UiBench(Integer.parseInt(options.getOrDefault("gateway-port", "8080")),
                        errorStores(options),
                        Path.of(options.getOrDefault("token-file", pids.resolveSibling("local-token").toString())),
                        Integer.parseInt(options.getOrDefault("ui-synapses", "1000000")),
                        Integer.parseInt(options.getOrDefault("ui-calls", "50")),
                        Integer.parseInt(options.getOrDefault("ui-warmup", "5")), rssOf(pids, "gateway")).run();
                case "faults" -> failed |= new FaultBench(Integer.parseInt(options.getOrDefault("gateway-port", "8080")), pids,
                        Path.of(options.getOrDefault("corpus", "error-service/src/test/resources/corpus/errors-dev.jsonl")),
                        Integer.parseInt(options.getOrDefault("clients", "8")),
                        SoakBench.duration(options.getOrDefault("outage", "60s")),
                        SoakBench.duration(options.getOrDefault("before", "15s")),
                        SoakBench.duration(options.getOrDefault("after", "30s")),
                        SoakBench.duration(options.getOrDefault("warmup", "20s")),
                        List.of(options.getOrDefault("fault-command", "scripts/bench-faults.sh action").split(" ")),
                        List.of(options.getOrDefault("faults", "postgres,memory,gateway,kill").split(",")),
                        System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                        System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                        System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain")).run();
                default -> {
                    System.err.println("unknown section '" + section + "' (known: embedding, synapses, memory, recall, errors,"
                            + " hooks, code, research, soak, ui, faults)");
                    return 2;
                }
            }
        }
        return failed;
    }

    /** The dev corpus, and the generated error store of the hooks section made from it. */
    private static ErrorStores errorStores(Map<String, String> options) throws IOException {
        return new ErrorStores(Integer.parseInt(options.getOrDefault("error-port", "9101")),
                Integer.parseInt(options.getOrDefault("memory-port", "9102")),
                Path.of(options.getOrDefault("corpus", "error-service/src/test/resources/corpus/errors-dev.jsonl")),
                System.getenv().getOrDefault("BRAIN_DB_URL", "jdbc:postgresql://127.0.0.1:5432/brain"),
                System.getenv().getOrDefault("BRAIN_DB_USER", "brain"),
                System.getenv().getOrDefault("BRAIN_DB_PASSWORD", "brain"));
    }

    /** Reads the resident set size of a service started by ./brain (its pid file), in MiB; -1 if unknown. */
    static java.util.function.LongSupplier rssOf(Path pids, String service) {
        return () -> {
            try {
                String pid = Files.readString(pids.resolve(service + ".pid")).trim();
                for (String line : Files.readAllLines(Path.of("/proc", pid, "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        return Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // not started by ./brain, or not Linux
            }
            return -1;
        };
    }
}
