package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Redactor;

/** The leaks {@link RedactorFuzzTest} found, as examples (docs/errors.md's redaction table sets no maximum length). */
class RedactorRegressionTest {

    @Test
    void tokensLongerThan255CharactersAreRedactedWhole() {
        for (String token : new String[] { "ghp_" + "a1".repeat(150), "github_pat_" + "b_".repeat(150),
                "glpat-" + "c-".repeat(150), "xoxb-" + "d9".repeat(150) }) {
            assertThat(Redactor.redact("token " + token + " here")).doesNotContain(token.substring(token.length() - 20))
                    .matches("token <REDACTED:[a-z_]+> here");
        }
    }

    @Test
    void aBearerTokenOver4KiBIsRedactedWhole() {
        String token = "Ab3.".repeat(1500);
        assertThat(Redactor.redact("Authorization: Bearer " + token))
                .isEqualTo("Authorization: Bearer <REDACTED:bearer_token>");
    }

    @Test
    void anInlineSecretOver4KiBIsRedactedWhole() {
        String value = "v4lue/".repeat(1000);
        assertThat(Redactor.redact("run API_TOKEN=" + value + " ./deploy"))
                .isEqualTo("run API_TOKEN=<REDACTED:secret> ./deploy");
    }

    @Test
    void aSecretLineIndentedDeeperThan64ColumnsIsRedacted() {
        String indent = " ".repeat(80);
        assertThat(Redactor.redact("config:\n" + indent + "db_password: hunter2 and more\n"))
                .isEqualTo("config:\n" + indent + "db_password: <REDACTED:secret>\n");
    }

    @Test
    void theEndOfAPrivateKeyWhoseBeginningWasCutAwayIsRedacted() {
        String text = "…[truncated 1234 bytes]…\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n"
                + "k3Jx9q+/=\n-----END RSA PRIVATE KEY-----\nnext line";
        assertThat(Redactor.redact(text)).isEqualTo("…[truncated 1234 bytes]…\n<REDACTED:private_key>\nnext line");
    }

    @Test
    void aPrivateKeyAcrossTheTruncationOfALongOutputDoesNotSurvive() {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 600_000) {
            sb.append("an ordinary log line\n");
        }
        sb.append("-----BEGIN PRIVATE KEY-----\n");
        for (int i = 0; i < 2000; i++) {
            sb.append("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC").append(String.format("%013d", i)).append('\n');
        }
        sb.append("-----END PRIVATE KEY-----\n");
        while (sb.length() < 1_200_000) {
            sb.append("an ordinary log line\n");
        }
        AnalyzedError a = AnalyzedError.of(sb.toString());
        assertThat(a.truncatedBytes()).isPositive();
        assertThat(a.rawOutput()).doesNotContain("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC")
                .contains("<REDACTED:private_key>");
    }

    @Test
    void aCertificateEndAndAnEndMarkerInProseStayReadable() {
        assertThat(Redactor.redact("AAAA\n-----END CERTIFICATE-----")).isEqualTo("AAAA\n-----END CERTIFICATE-----");
        assertThat(Redactor.redact("the file ends with -----END PRIVATE KEY----- and a newline"))
                .isEqualTo("the file ends with <REDACTED:private_key> and a newline");
    }
}
