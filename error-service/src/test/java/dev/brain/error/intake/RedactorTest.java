package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Secrets never reach the stored output, message, template or frames. */
class RedactorTest {
    private static final String JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";

    static Stream<Arguments> secrets() {
        return Stream.of(
                arguments("aws_access_key", "AKIAIOSFODNN7EXAMPLE"),
                arguments("aws_access_key", "ASIAY34FZKBOKMUTVV7A"),
                arguments("github_token", "ghp_16C7e42F292c6912E7710c838347Ae178B4a"),
                arguments("github_token", "gho_16C7e42F292c6912E7710c838347Ae178B4a"),
                arguments("github_token", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"),
                arguments("gitlab_token", "glpat-xxXXxx12345678901234"),
                arguments("slack_token", "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"),
                arguments("npm_token", "npm_abcdefghijklmnopqrstuvwxyz0123456789"),
                arguments("jwt", JWT));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("secrets")
    void tokensAreRedactedEverywhere(String kind, String secret) {
        String raw = "Error: request failed with credential " + secret + " for user\n"
                + "    at call (/app/src/" + "client.js:10:5)\n";
        assertThat(Redactor.redact(secret)).isEqualTo("<REDACTED:" + kind + ">");
        AnalyzedError e = AnalyzedError.of(raw);
        assertAbsent(e, secret);
        assertThat(e.parsed().message()).contains("<REDACTED:" + kind + ">");
        assertThat(e.template()).contains("<REDACTED:" + kind + ">");
    }

    @Test
    void bearerKeepsTheWord() {
        String token = "abcDEF123456789ghiJKL.xyz";
        assertThat(Redactor.redact("Authorization: Bearer " + token))
                .isEqualTo("Authorization: Bearer <REDACTED:bearer_token>");
        assertAbsent(AnalyzedError.of("Error: 401 for header Bearer " + token + "\n    at f (/a/b.js:1:1)\n"), token);
    }

    @Test
    void urlPasswordKeepsUserAndHost() {
        assertThat(Redactor.redact("connect postgres://app:s3cr3t-pw@db.internal:5432/shop failed"))
                .isEqualTo("connect postgres://app:<REDACTED:password>@db.internal:5432/shop failed");
        AnalyzedError e = AnalyzedError.of("Traceback (most recent call last):\n  File \"/a/db.py\", line 3, in connect\n"
                + "    engine = create_engine(\"postgresql://app:hunter2pw@db/shop\")\n"
                + "sqlalchemy.exc.OperationalError: could not connect to postgresql://app:hunter2pw@db/shop\n");
        assertAbsent(e, "hunter2pw");
    }

    @Test
    void privateKeyBlocks() {
        String pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAsecretsecret\nline2secret\n-----END RSA PRIVATE KEY-----";
        assertThat(Redactor.redact("key:\n" + pem + "\ndone")).isEqualTo("key:\n<REDACTED:private_key>\ndone");
        assertThat(Redactor.redact("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA"))
                .isEqualTo("<REDACTED:private_key>");
        assertThat(Redactor.redact("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----"))
                .contains("MIIB");
        assertAbsent(AnalyzedError.of("error: bad key\n" + pem), "MIIEowIBAAKCAQEAsecretsecret");
    }

    @Test
    void keyValueLines() {
        assertThat(Redactor.redact("DB_PASSWORD=hunter2\nexport API_TOKEN=abc123\nclient_secret: s3cr3t\n"
                + "  \"stripe_api_key\": \"sk_live_123\"\nPRIVATE_KEY_PATH = /k\nNAME=ok"))
                .isEqualTo(
                        "DB_PASSWORD=<REDACTED:secret>\nexport API_TOKEN=<REDACTED:secret>\nclient_secret: <REDACTED:secret>\n"
                                + "  \"stripe_api_key\": <REDACTED:secret>\nPRIVATE_KEY_PATH = <REDACTED:secret>\nNAME=ok");
        // exception headers that merely contain the word are not secrets
        assertThat(Redactor.redact("TokenExpiredError: jwt expired")).isEqualTo("TokenExpiredError: jwt expired");
        AnalyzedError e = AnalyzedError.of("$ env\nGITHUB_TOKEN=plainvalue42\nerror: deploy failed\n");
        assertAbsent(e, "plainvalue42");
        assertThat(Redactor.redact(null)).isNull();
    }

    private static void assertAbsent(AnalyzedError e, String secret) {
        assertThat(e.rawOutput()).doesNotContain(secret);
        assertThat(e.parsed().message()).doesNotContain(secret);
        assertThat(e.template()).doesNotContain(secret);
        for (Frame f : e.parsed().frames()) {
            assertThat(String.valueOf(f.function())).doesNotContain(secret);
            assertThat(String.valueOf(f.file())).doesNotContain(secret);
            assertThat(String.valueOf(f.contextLine())).doesNotContain(secret);
        }
    }
}
