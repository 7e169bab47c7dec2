package dev.brain.bench;

import java.util.Random;

/**
 * The knowledge library's generated research results: topics of three parts — a technology, a concern and a
 * setting ("Kafka retry with backoff for a payment service") — and their distillates. Topic {@code n} takes
 * parts {@code a = n / p}, {@code b = n % p} and {@code c = (a + b) mod p} of lists of {@code p} entries, so two
 * different topics share at most one of their three parts (each pair of parts fixes the third): no two topics are
 * the same topic reworded, and there are {@code p²} (17,689) of them. The order of the topics is a fixed
 * permutation, so the first thousand already spread over all parts. A distillate opens with field notes (its
 * summary, see {@link #WORDS}), then names the topic and lists findings.
 */
final class KnowledgeTopics {

    private static final String[] TECHNOLOGIES = ("PostgreSQL|Kafka|Redis|Kubernetes|Docker|Terraform|Nginx|"
            + "Elasticsearch|RabbitMQ|gRPC|GraphQL|React|Vue|Angular|Svelte|Django|Flask|FastAPI|Spring Boot|Quarkus|"
            + "Micronaut|Ruby on Rails|Laravel|Express|NestJS|Next.js|Deno|Bun|Node.js|Tokio|Go channels|"
            + "Java virtual threads|Kotlin coroutines|Akka|Elixir OTP|Erlang|Haskell|OCaml|SwiftUI|Jetpack Compose|"
            + "Flutter|Electron|Tauri|WebAssembly|WebRTC|WebSockets|OAuth2|OpenID Connect|JWT|SAML|LDAP|"
            + "HashiCorp Vault|Consul|etcd|ZooKeeper|Cassandra|MongoDB|DynamoDB|SQLite|MySQL|ClickHouse|DuckDB|"
            + "Snowflake|BigQuery|Apache Spark|Apache Flink|Airflow|dbt|Pandas|NumPy|PyTorch|TensorFlow|scikit-learn|"
            + "ONNX Runtime|CUDA|OpenMP|MPI|LLVM|GCC|CMake|Bazel|Gradle|Maven|npm workspaces|pnpm|Poetry|Cargo|Git|"
            + "GitHub Actions|GitLab CI|Jenkins|Argo CD|Helm|Istio|Envoy|Prometheus|Grafana|OpenTelemetry|Jaeger|"
            + "Loki|Sentry|Ansible|systemd|eBPF|WireGuard|pgvector|Celery|Sidekiq|Zig|Nim|Julia|R Shiny|MATLAB|Fortran|"
            + "COBOL|Perl|Lua|Godot|Unity|Unreal Engine|Blender scripting|Arduino|Zephyr RTOS|Apache Pulsar|NATS|"
            + "Memcached|Varnish|HAProxy|Traefik|Caddy|Keycloak|Supabase|Firebase|Hasura|Prisma|SQLAlchemy|Hibernate|"
            + "jOOQ|Ktor|Phoenix LiveView|Astro|Vite|Tailwind CSS|Storybook|Playwright|Cypress|pytest").split("\\|");

    private static final String[] CONCERNS = ("connection pooling|backpressure|schema migrations|zero-downtime deploys|"
            + "memory leaks|garbage collection pauses|cold start latency|retry with backoff|idempotent writes|"
            + "exactly-once delivery|dead letter queues|rate limiting|circuit breakers|cache invalidation|query planning|"
            + "index selection|table partitioning|sharding|replication lag|failover|backup and restore|"
            + "point-in-time recovery|encryption at rest|secret rotation|TLS certificate renewal|CORS configuration|"
            + "CSRF protection|input validation|SQL injection defence|dependency pinning|reproducible builds|"
            + "build caching|flaky tests|snapshot testing|property-based testing|load testing|CPU profiling|"
            + "heap dump analysis|thread contention|deadlock detection|structured logging|distributed tracing|"
            + "alert fatigue|SLO budgets|feature flags|blue-green releases|canary analysis|autoscaling|resource limits|"
            + "pod eviction|DNS resolution|service discovery|API versioning|cursor pagination|streaming responses|"
            + "large file uploads|image resizing|full-text search|vector similarity search|time zone handling|"
            + "date parsing|Unicode normalisation|localisation|accessibility audits|theming|state management|"
            + "server-side rendering|hydration mismatches|bundle size|lazy loading|offline sync|push notifications|"
            + "background jobs|cron scheduling|event sourcing|CQRS|saga orchestration|multi-tenancy|row-level security|"
            + "audit trails|GDPR deletion|data retention|cost optimisation|cold storage tiering|compression codecs|"
            + "serialization formats|protobuf schema evolution|error budgets|chaos testing|incident postmortems|"
            + "on-call handover|code review checklists|monorepo tooling|dependency injection|plugin architecture|"
            + "configuration drift|license compliance|SBOM generation|vulnerability scanning|container image slimming|"
            + "startup probes|graceful shutdown|optimistic locking|bulk imports|memory fragmentation|clock skew|"
            + "leader election|hot partitions|N+1 queries|thundering herds|tail latency|request hedging|JIT warm-up|"
            + "binary size|cross-compilation|ABI compatibility|semantic versioning|changelog automation|"
            + "onboarding documentation|error message wording|keyboard navigation|right-to-left layouts|PDF generation|"
            + "email deliverability|spam filtering|fuzz testing|mutation testing|contract testing|test data generation|"
            + "database seeding|read replicas|write amplification|log rotation").split("\\|");

    private static final String[] SETTINGS = ("for a payment service|in a mobile banking app|for an IoT sensor fleet|"
            + "in a game backend|for a news website|in a hospital records system|for a logistics tracker|"
            + "in a chat application|for a video streaming platform|in a CI pipeline|on a Raspberry Pi|"
            + "on a developer laptop|in an air-gapped network|across three cloud regions|during holiday sale traffic|"
            + "with a two-person team|in a legacy monolith|after a cloud migration|for a university course portal|"
            + "in a trading platform|for a weather station network|in a recipe sharing site|for a ticket booking system|"
            + "in a music recommendation engine|for a smart home hub|in an e-commerce checkout|"
            + "for a fleet of delivery drones|in a genomics pipeline|for a public transit app|"
            + "in an insurance claims workflow|for a small nonprofit|in a SaaS analytics product|"
            + "for a museum collection archive|in a real estate listing site|for a ride sharing service|"
            + "in a supply chain dashboard|for an online exam system|in a social media feed|"
            + "for a podcast hosting service|in a library catalogue|for an energy grid monitor|in a call centre tool|"
            + "for a translation service|in a fitness tracking app|for a car rental fleet|in a hotel reservation system|"
            + "for a farm irrigation controller|in a legal document search|for an HR onboarding portal|"
            + "in a crypto wallet|for a map tile server|in a customer support inbox|for a parking garage system|"
            + "in a restaurant ordering kiosk|for a dental clinic scheduler|in a marketing email platform|"
            + "for a satellite telemetry feed|in a voting information site|for a charity donation page|"
            + "in a code hosting platform|for a package registry|in a CAD file viewer|for a photo printing shop|"
            + "in a language learning app|for a wedding planning site|in a sports scoring feed|"
            + "for a pharmacy inventory|in a vehicle diagnostics tool|for a home energy meter|"
            + "in a children's education game|for a city permit office|in a freight customs portal|"
            + "for a bicycle sharing network|in a newsroom CMS|for a research data archive|in a bank fraud detector|"
            + "for a cinema seat booking|in a real-time auction house|for a port container terminal|"
            + "in a restaurant review site|for an airline crew roster|in a ski resort lift system|"
            + "for a coworking space booking|in a pet adoption platform|for a tax filing assistant|"
            + "in a compliance reporting tool|for a wind farm controller|in a B2B invoicing system|"
            + "for a student loan servicer|in a clinical trial tracker|for a waste collection router|"
            + "in a film subtitle editor|for a greenhouse climate system|in a multiplayer lobby server|"
            + "for a church event calendar|in a tourism booking engine|for a warehouse robot fleet|"
            + "in a telecom billing system|for an art auction catalogue|in a recruitment job board|"
            + "for a mining site sensor mesh|in a hackathon prototype|for a regional airline|"
            + "for a volunteer fire brigade|in a school lunch ordering app|for a flower delivery shop|"
            + "in a dog walking marketplace|for a mountain rescue team|in a brewery production line|for a bakery chain|"
            + "in a zoo ticketing system|for a chess tournament site|in a sailing club roster|for a blood bank|"
            + "in a quantum lab notebook|for a planetarium show scheduler|in a vineyard harvest tracker|"
            + "for a fishing fleet|in an orchestra library|for a beekeeping cooperative|in a theatre lighting console|"
            + "for a community garden|in a marathon timing system|for a ferry operator|in a fashion resale shop|"
            + "for a ceramics studio|in a tattoo parlour booking app|for a lighthouse museum|"
            + "in a space agency mission planner|for a karaoke bar|in a rural health clinic|for a board game cafe|"
            + "in a snow plough dispatch").split("\\|");

    private static final String[] FINDINGS = {
            "The default settings are tuned for a small demo and fall over under realistic concurrency.",
            "Measure before changing anything: the first profile usually points somewhere unexpected.",
            "A bounded queue in front of the slow dependency turns an outage into a short delay.",
            "Keep the change behind a flag so it can be switched off without a deploy.",
            "Write the failure case down as a test first; it tends to come back after refactorings.",
            "The documentation undersells the cost of the fallback path; budget for it explicitly.",
            "Most of the latency came from a single synchronous call that could be batched.",
            "Time-outs must be shorter than the caller's, or retries pile up behind each other.",
            "A nightly job that checks the invariant catches what code review misses.",
            "Logging the decision inputs, not only the outcome, made the incident easy to reconstruct.",
            "The upgrade changed a default silently; pin it explicitly in configuration.",
            "Small, frequent batches beat large nightly ones for both memory use and recovery time.",
            "Two replicas are not redundancy when they share the same failure domain.",
            "The cheapest fix was deleting an unused feature that still ran on every request.",
            "Cache keys must include the tenant, or one customer sees another one's data.",
            "Alerts on symptoms users feel are worth more than alerts on every internal metric.",
            "A read-only mode for maintenance windows avoided most of the downtime.",
            "Document the rollback before the rollout; nobody writes it during an incident.",
            "The library's retry helper retries non-idempotent calls too; wrap it.",
            "Load tests with production-shaped data found problems synthetic data never showed.",
    };

    /**
     * The words of a topic's field notes: the words of the JDK's own class names ({@code java.base}, ~1,000 of
     * them, e.g. "concurrent", "selector", "chrono"). The notes open every distillate, so they are the entry's
     * summary. Without them the entries' embeddings (topic + summary) crowd: two topics that share one part and have
     * near-synonyms in the others reach the same-topic threshold (cosine 0.60 with all-MiniLM-L6-v2) and are saved
     * into one entry. Measured on this generator with that model: 30 % of the first 3,000 topics with a hand-written
     * list of everyday words, 22 % with the topic repeated as the summary, 6 % with these words; a library of 10,000
     * entries takes ~11,600 saves.
     */
    private static final String[] WORDS = jdkWords();

    private final int p;

    KnowledgeTopics() {
        this.p = Math.min(TECHNOLOGIES.length, Math.min(CONCERNS.length, SETTINGS.length));
    }

    /** How many distinct topics there are ({@code p²}). */
    int size() {
        return p * p;
    }

    /** The parts (technology, concern, setting) of topic {@code n}, after the fixed permutation. */
    String[] parts(int n) {
        int k = permuted(n);
        int a = k / p;
        int b = k % p;
        return new String[] { TECHNOLOGIES[a], CONCERNS[b], SETTINGS[(a + b) % p] };
    }

    /** Topic {@code n}: "Kafka retry with backoff for a payment service". */
    String topic(int n) {
        String[] parts = parts(n);
        return parts[0] + " " + parts[1] + " " + parts[2];
    }

    /** A question about topic {@code n} that names two of its three parts, as a user would ask it. */
    String question(int n, Random random) {
        String[] parts = parts(n);
        return switch (random.nextInt(3)) {
            case 0 -> "how do I handle " + parts[1] + " with " + parts[0];
            case 1 -> "what did we learn about " + parts[1] + " " + parts[2];
            default -> parts[0] + " " + parts[2] + ": notes on " + parts[1];
        };
    }

    /**
     * A distillate of about {@code bytes} bytes (UTF-8; ASCII here) about topic {@code n}: an opening paragraph
     * naming the topic, then sections ({@code ##} headings, which the service demotes) of findings.
     */
    String distillate(int n, int bytes) {
        String[] parts = parts(n);
        Random random = new Random(n * 31L + bytes);
        StringBuilder text = new StringBuilder();
        // the first paragraph is the entry's summary: field notes of the topic's own
        text.append("Field notes:");
        for (int i = 0; i < 12; i++) {
            text.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
        }
        text.append(".\n\nResearch on ").append(parts[1]).append(" with ").append(parts[0]).append(' ')
                .append(parts[2]).append(". ").append(FINDINGS[random.nextInt(FINDINGS.length)]).append("\n\n");
        int section = 0;
        while (text.length() < bytes) {
            section++;
            text.append("## ").append(section == 1 ? "Findings" : "Finding " + section).append(" on ").append(parts[1])
                    .append("\n\n");
            for (int i = 0; i < 4 && text.length() < bytes; i++) {
                text.append("- ").append(parts[0]).append(": ").append(FINDINGS[random.nextInt(FINDINGS.length)])
                        .append(' ').append(FINDINGS[random.nextInt(FINDINGS.length)]).append('\n');
            }
            text.append('\n');
        }
        return text.length() > bytes ? text.substring(0, bytes) : text.toString();
    }

    /** Words of the class names of module java.base, lower case, 4+ letters, sorted. */
    private static String[] jdkWords() {
        java.nio.file.FileSystem jrt = java.nio.file.FileSystems.getFileSystem(java.net.URI.create("jrt:/"));
        java.util.TreeSet<String> words = new java.util.TreeSet<>();
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(jrt.getPath("/modules/java.base"))) {
            files.map(f -> f.getFileName() == null ? "" : f.getFileName().toString()).filter(f -> f.endsWith(".class"))
                    .map(f -> f.substring(0, f.length() - ".class".length()).replaceAll("\\$.*", ""))
                    .forEach(name -> {
                        for (String w : name.split("(?<=[a-z])(?=[A-Z])|_")) {
                            if (w.length() > 3 && w.matches("[A-Z]?[a-z]+")) {
                                words.add(w.toLowerCase(java.util.Locale.ROOT));
                            }
                        }
                    });
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return words.toArray(String[]::new);
    }

    /** A bijection of [0, p²) that spreads consecutive n over all parts. */
    private int permuted(int n) {
        int size = p * p;
        long step = 7919; // a prime that divides no p² here (p < 7919)
        return (int) ((n * step + 13) % size);
    }
}
