package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.GetErrorRequest;
import dev.brain.grpc.v1.QueryErrorsRequest;
import dev.brain.grpc.v1.ReportErrorRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import dev.brain.grpc.v1.ReportSolutionRequest;
import io.quarkus.test.junit.QuarkusTest;

/** What is stored and answered: redaction everywhere, size limits, odd bytes, and raw text as a query. */
@QuarkusTest
class StoredInputTest extends ErrorServiceTestBase {

    static final Map<String, String> SECRETS = new LinkedHashMap<>();
    static {
        SECRETS.put("aws_access_key", "AKIAIOSFODNN7EXAMPLE");
        SECRETS.put("github_token", "ghp_16C7e42F292c6912E7710c838347Ae178B4a");
        SECRETS.put("gitlab_token", "glpat-xxXXxx12345678901234");
        SECRETS.put("slack_token", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx");
        SECRETS.put("npm_token", "npm_abcdefghijklmnopqrstuvwxyz0123456789");
        SECRETS.put("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U");
        SECRETS.put("bearer_token", "abcDEF123456789ghiJKL.xyz");
        SECRETS.put("password", "s3cr3t-pw-9");
        SECRETS.put("private_key", "MIIEowIBAAKCAQEAsecretsecret");
        SECRETS.put("secret", "hunter2-value");
    }

    @Test
    void noSecretKindReachesAStoredColumnOrAnAnswer() {
        String output = """
                Error: request to postgres://app:s3cr3t-pw-9@db.internal:5432/shop failed with AKIAIOSFODNN7EXAMPLE
                    at call (/srv/app/src/client.js:10:5)
                token ghp_16C7e42F292c6912E7710c838347Ae178B4a glpat-xxXXxx12345678901234
                xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx npm_abcdefghijklmnopqrstuvwxyz0123456789
                Authorization: Bearer abcDEF123456789ghiJKL.xyz
                jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U
                DB_PASSWORD=hunter2-value
                -----BEGIN RSA PRIVATE KEY-----
                MIIEowIBAAKCAQEAsecretsecret
                -----END RSA PRIVATE KEY-----
                """;
        ReportErrorResponse reported = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop", "s1"))
                .setRawOutput(output).setCommand("GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a npm run deploy")
                .setTaskContext("deploying with DB_PASSWORD=hunter2-value and AKIAIOSFODNN7EXAMPLE").build());
        long id = reported.getError().getId();
        var solution = errors().reportSolution(ReportSolutionRequest.newBuilder().setScope(scope("shop")).setErrorId(id)
                .setTitle("Rotate AKIAIOSFODNN7EXAMPLE").setDescription("Bearer abcDEF123456789ghiJKL.xyz was leaked")
                .build());
        var got = errors().getError(GetErrorRequest.newBuilder().setErrorId(id).build());
        List<String> stored = new ArrayList<>();
        for (String table : List.of("error", "error_occurrence", "solution", "outbox", "notification", "session")) {
            stored.addAll(jdbc.list("select t::text from " + table + " t where tenant = ?", rs -> rs.getString(1),
                    tenant));
        }
        stored.addAll(jdbc.list("select f::text from stack_frame f join error e on e.id = f.error_id where e.tenant = ?",
                rs -> rs.getString(1), tenant));
        String answers = reported.toString() + solution.toString() + got.toString();
        SECRETS.forEach((kind, secret) -> {
            assertThat(answers).as(kind).doesNotContain(secret);
            assertThat(stored).as(kind).noneSatisfy(row -> assertThat(row).contains(secret));
        });
        assertThat(got.getError().getRawOutput()).contains("<REDACTED:aws_access_key>", "<REDACTED:private_key>");
    }

    @Test
    void hugeOutputIsTruncatedWithANoticeAndOddBytesAreCleaned() {
        StringBuilder big = new StringBuilder("TypeError: x is not a function\n    at run (/srv/app/src/main.js:1:1)\n");
        while (big.length() < 5 * 1024 * 1024) {
            big.append("noise line ").append(big.length()).append('\n');
        }
        ReportErrorResponse response = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput(big.toString()).build());
        assertThat(response.getTruncatedBytes()).isGreaterThan(4L * 1024 * 1024);
        assertThat(response.getError().getErrorType()).isEqualTo("TypeError");
        String raw = errors().getError(GetErrorRequest.newBuilder().setErrorId(response.getError().getId()).build())
                .getError().getRawOutput();
        assertThat(raw.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(1024 * 1024);
        assertThat(raw).contains("[truncated ");

        // NUL bytes are stripped (invalid UTF-8 cannot reach a proto3 string field: callers decode with U+FFFD)
        ReportErrorResponse cleaned = errors().reportError(ReportErrorRequest.newBuilder().setScope(scope("shop"))
                .setRawOutput("ValueError: bad \0byte \uFFFD\n").build());
        assertThat(cleaned.getError().getMessage()).endsWith("bad byte \uFFFD").doesNotContain("\0");
    }

    @Test
    void pastedFirstLinesOfFixtureErrorsFindTheirErrorInTheTop3() throws IOException {
        Path root = Path.of("src/test/resources/errors");
        Map<String, Long> idByLine = new LinkedHashMap<>();
        List<Path> fixtures;
        try (Stream<Path> files = Files.walk(root)) {
            fixtures = files.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
        for (Path fixture : fixtures) {
            String text = Files.readString(fixture);
            ReportErrorResponse r = report("fixtures", text);
            String message = r.getError().getMessage();
            String probe = message.length() > 30 ? message.substring(0, 30) : message;
            String line = text.lines().filter(l -> l.contains(probe)).findFirst()
                    .orElse(r.getError().getErrorType() + ": " + message);
            idByLine.put(line.strip(), r.getError().getId());
            // the form an agent often pastes: "Type: message"
            idByLine.putIfAbsent(r.getError().getErrorType() + ": " + message.lines().findFirst().orElse(""),
                    r.getError().getId());
        }
        assertThat(idByLine).hasSizeGreaterThanOrEqualTo(50);
        assertThat(fixtures).hasSizeGreaterThanOrEqualTo(50);
        List<String> misses = new ArrayList<>();
        idByLine.forEach((line, id) -> {
            var hits = errors().queryErrors(QueryErrorsRequest.newBuilder().setQuery(line).setLimit(3).build())
                    .getHitsList();
            if (hits.stream().noneMatch(h -> h.getError().getId() == id)) {
                misses.add(line + " -> " + hits.stream().map(h -> h.getError().getId() + " " + h.getError().getMessage())
                        .toList() + " expected " + id);
            }
        });
        assertThat(misses).isEmpty();
    }
}
