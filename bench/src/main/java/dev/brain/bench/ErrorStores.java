package dev.brain.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.grpc.v1.EmbedRequest;
import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.EmbeddingServiceGrpc;
import dev.brain.grpc.v1.ErrorServiceGrpc;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.Scope;
import dev.brain.tenancy.Tenancy;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import io.grpc.stub.MetadataUtils;

/**
 * The stored errors that the {@code hooks} section measures against: tenant {@code bench-err-100k}, project
 * {@code bench}, generated once per database in SQL from the corpus' error shapes (each with a distinct identifier)
 * and embedded; the corpus' outputs as recurring reports or, made unique, as new ones; and the embedding of a
 * store's errors that the {@code errors} section's grown tenant uses too.
 */
final class ErrorStores {

    /** The project of every stored error. */
    static final String PROJECT = "bench";

    private final int errorPort;
    private final int memoryPort;
    private final String jdbcUrl;
    private final String user;
    private final String password;
    private final List<JsonNode> rows = new ArrayList<>();
    /** Distinguishes this run's new reports from an earlier run's (the random sequences repeat). */
    private final String run = Long.toString(System.currentTimeMillis(), 36);

    ErrorStores(int errorPort, int memoryPort, Path corpus, String jdbcUrl, String user, String password)
            throws IOException {
        this.errorPort = errorPort;
        this.memoryPort = memoryPort;
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(corpus)) {
            if (!line.isBlank()) {
                rows.add(json.readTree(line));
            }
        }
    }

    /** The tenant of the store of {@code size} errors. */
    static String tenant(int size) {
        return "bench-err-" + (size / 1000) + "k";
    }

    /** The corpus rows ({@code raw_output}, {@code command}, {@code template}, ...). */
    List<JsonNode> rows() {
        return rows;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl, user, password);
    }

    /**
     * Generates the stores of these sizes where they are missing, gives every stored error without a vector its
     * vector, and vacuums after a large embedding (every embedded row left a dead version, and this machine's
     * PostgreSQL runs with autovacuum off).
     */
    void prepare(int... sizes) throws SQLException {
        long embedded = 0;
        for (int size : sizes) {
            ensureStore(tenant(size), size);
            embedded += embedStore(tenant(size));
        }
        if (embedded > 100) {
            try (Connection c = connect(); Statement vacuum = c.createStatement()) {
                vacuum.execute("vacuum analyze error.error, error.error_embedding, error.error_recency");
            }
        }
    }

    /** A corpus row's output: an error every store already holds. */
    String recurring(Random random) {
        return rows.get(random.nextInt(rows.size())).get("raw_output").asText();
    }

    /** A corpus error made new (see {@link #madeNew}). */
    String cold(Random random) {
        return madeNew(recurring(random), random);
    }

    /** An error output made new: its first line gets a quoted identifier distinct in this run and every other. */
    String madeNew(String raw, Random random) {
        int nl = raw.indexOf('\n');
        String word = "'b" + run + Long.toString(random.nextLong() & Long.MAX_VALUE, 36) + "'";
        return nl < 0 ? raw + " " + word : raw.substring(0, nl) + " " + word + raw.substring(nl);
    }

    long count(String tenant) throws SQLException {
        try (Connection c = connect();
                PreparedStatement s = c.prepareStatement("select count(*) from error.error where tenant = ?")) {
            s.setString(1, tenant);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static ErrorServiceGrpc.ErrorServiceBlockingStub stub(ManagedChannel channel, String tenant) {
        return ErrorServiceGrpc.newBlockingStub(channel)
                .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
    }

    static void report(ErrorServiceGrpc.ErrorServiceBlockingStub stub, String output) {
        stub.withDeadlineAfter(30, TimeUnit.SECONDS).reportError(ReportErrorRequest.newBuilder()
                .setScope(Scope.newBuilder().setProject(PROJECT)).setRawOutput(output).build());
    }

    /**
     * Gives the store's errors without a vector theirs, as the embedding worker does within seconds of a report
     * (its text: {@code type: template} and the task context's first 1,000 characters; vectors from memory-service
     * {@code Embed}) but without the worker's late match of each row, which would take over an hour for the generated
     * rows. A store without vectors is no user's store: the query's vector list then scans the index in vain. A row
     * the worker embeds meanwhile keeps the worker's vector (both mark the row first, as the worker does).
     */
    long embedStore(String tenant) throws SQLException {
        ManagedChannel memory = ManagedChannelBuilder.forAddress("127.0.0.1", memoryPort).usePlaintext()
                .maxInboundMessageSize(64 * 1024 * 1024).build();
        try (Connection c = connect();
                PreparedStatement pending = c.prepareStatement("""
                        select id, error_type || ': ' || message_template
                               || coalesce(E'\\n' || nullif(left(task_context, 1000), ''), '')
                        from error.error where tenant = ? and embedded_at is null order by id limit 256""");
                PreparedStatement store = c.prepareStatement("""
                        with v as (select * from unnest(?::bigint[], ?::text[]) v(id, vector)),
                        marked as (update error.error e set embedded_at = now() from v
                                   where e.id = v.id and e.embedded_at is null returning e.id)
                        insert into error.error_embedding (error_id, tenant, embedding)
                        select v.id, ?, v.vector::vector from v join marked using (id)""")) {
            var stub = EmbeddingServiceGrpc.newBlockingStub(memory)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor(tenant)));
            pending.setString(1, tenant);
            long embedded = 0;
            long t0 = System.nanoTime();
            while (true) {
                List<Long> ids = new ArrayList<>();
                List<String> texts = new ArrayList<>();
                try (ResultSet rs = pending.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getLong(1));
                        texts.add(rs.getString(2));
                    }
                }
                if (ids.isEmpty()) {
                    break;
                }
                EmbedResponse response = stub.withDeadlineAfter(60, TimeUnit.SECONDS)
                        .embed(EmbedRequest.newBuilder().addAllTexts(texts).build());
                String[] vectors = new String[ids.size()];
                for (int i = 0; i < vectors.length; i++) {
                    vectors[i] = Vectors.literal(response.getVectors(i));
                }
                store.setArray(1, c.createArrayOf("bigint", ids.toArray()));
                store.setArray(2, c.createArrayOf("text", vectors));
                store.setString(3, tenant);
                embedded += store.executeUpdate();
            }
            if (embedded > 100) {
                System.out.printf("(embedded %,d stored errors of %s through memory-service Embed (model %s) in %.0f s)%n",
                        embedded, tenant, model(stub), (System.nanoTime() - t0) / 1e9);
            }
            return embedded;
        } finally {
            memory.shutdownNow();
        }
    }

    /** The model memory-service embeds with (provider {@code onnx}: all-minilm-l6-v2-q; {@code hash}: hash-384). */
    String embeddingModel() {
        ManagedChannel memory = ManagedChannelBuilder.forAddress("127.0.0.1", memoryPort).usePlaintext().build();
        try {
            return model(EmbeddingServiceGrpc.newBlockingStub(memory)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(Tenancy.metadataFor("bench"))));
        } finally {
            memory.shutdownNow();
        }
    }

    private static String model(EmbeddingServiceGrpc.EmbeddingServiceBlockingStub stub) {
        return stub.withDeadlineAfter(60, TimeUnit.SECONDS).embed(EmbedRequest.newBuilder().addTexts("probe").build())
                .getModel();
    }

    /**
     * Generates the store in SQL once: project "bench" and {@code size} errors whose type and template come from
     * the corpus' shapes (after one real report of each corpus row), each template made distinct.
     */
    private void ensureStore(String tenant, int size) throws SQLException {
        if (count(tenant) >= size) {
            return;
        }
        System.out.printf("(generating %,d stored errors for %s once ...)%n", size, tenant);
        // seed the shapes through the real service so templates, frames and fingerprints are the service's own
        ManagedChannel channel = ManagedChannelBuilder.forAddress("127.0.0.1", errorPort).usePlaintext().build();
        try {
            var stub = stub(channel, tenant);
            for (JsonNode row : rows) {
                report(stub, row.get("raw_output").asText());
            }
        } finally {
            channel.shutdownNow();
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            long have = count(tenant);
            s.execute("""
                    insert into error.error (tenant, project_id, fingerprint, error_type, message, message_template,
                        language, parser, source_file, source_line, stack_text, raw_output, command, labels,
                        occurrence_count, first_seen_at, last_seen_at)
                    with base as (select x.*, row_number() over (order by x.id) - 1 as k from error.error x
                                  where x.tenant = '%s')
                    select e.tenant, e.project_id, encode(sha256((e.fingerprint || ':' || g)::bytea), 'hex'),
                           e.error_type, e.message || ' ''g' || g || '''', e.message_template || ' ''g' || g || '''',
                           e.language, e.parser, e.source_file, e.source_line, e.stack_text, e.raw_output, e.command,
                           e.labels, 1 + (g %% 5), now() - (g %% 90) * interval '1 day', now() - (g %% 30) * interval '1 day'
                    from generate_series(1, %d) g join base e on e.k = g %% %d
                    """.formatted(tenant.replace("'", ""), size - have, have));
            s.execute("analyze error.error");
        }
    }
}
