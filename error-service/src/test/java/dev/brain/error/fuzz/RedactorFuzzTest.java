package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.Redactor;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Issue #24 §4, the redactor never lets a generated secret through: a secret of every kind docs/errors.md lists
 * (AWS access key, GitHub, GitLab, Slack and npm tokens, JWT, bearer token, the password of a URL, a private key
 * block, the value of a secret-named {@code KEY=value} / {@code KEY: value} / {@code export KEY=value} line and of an
 * inline {@code NAME=value}), in the shapes the table claims, set in random surrounding text (other languages' error
 * lines, noise, Unicode): neither the redacted text nor anything the intake keeps (message, template, frames,
 * stored output) holds the secret, or any 12 characters of it.
 */
class RedactorFuzzTest {
    private static final FuzzReport REPORT = new FuzzReport("redactor");
    private static final List<String> CONTEXT_LINES = Samples.allLines();
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final String UPPER_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private static final String B64URL = ALNUM + "_-";
    private static final String BEARER_CHARS = ALNUM + "._~+/=-";
    /** Characters that end a token in every rule: what may stand right before and after a secret. */
    private static final List<String> SEPARATORS = List.of(" ", "\n", "\t", "(", ")", "\"", "'", ",", ";", "[", "]", "<",
            ">", "{", "}", " | ", ": ", "\n    ");
    private static final List<String> SECRET_WORDS = List.of("SECRET", "TOKEN", "PASSWORD", "PASSWD", "API_KEY",
            "PRIVATE");

    /** A secret as it appears in text ({@code shown}), and the part that must never come out ({@code secret}). */
    record Secret(String kind, String shown, String secret, boolean ownLine) {
    }

    record Text(Secret secret, String text) {
        @Override
        public String toString() {
            return secret.kind() + " " + secret.secret() + " in: "
                    + (text.length() > 600 ? text.substring(0, 600) + "…(" + text.length() + " chars)" : text);
        }
    }

    private static String chars(Random r, String alphabet, int min, int max) {
        int n = min + r.nextInt(max - min + 1);
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(alphabet.charAt(r.nextInt(alphabet.length())));
        }
        return sb.toString();
    }

    /** Mostly realistic lengths, sometimes far longer than real tokens (the table sets no maximum). */
    private static int longTail(Random r, int usual, int max) {
        return r.nextInt(10) == 0 ? usual + r.nextInt(max - usual + 1) : usual;
    }

    private static String secretName(Random r) {
        String word = SECRET_WORDS.get(r.nextInt(SECRET_WORDS.size()));
        word = switch (r.nextInt(3)) {
            case 0 -> word;
            case 1 -> word.toLowerCase(java.util.Locale.ROOT);
            default -> word.charAt(0) + word.substring(1).toLowerCase(java.util.Locale.ROOT);
        };
        String prefix = r.nextBoolean() ? "" : chars(r, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_", 1, 12) + "_";
        String suffix = r.nextBoolean() ? "" : "_" + chars(r, "0123456789_", 1, 6);
        return prefix + word + suffix;
    }

    static Secret secret(Random r) {
        switch (r.nextInt(11)) {
            case 0 -> {
                String key = (r.nextBoolean() ? "AKIA" : "ASIA") + chars(r, UPPER_DIGITS, 16, 16);
                return new Secret("aws_access_key", key, key, false);
            }
            case 1 -> {
                String token = r.nextInt(3) == 0 ? "github_pat_" + chars(r, ALNUM + "_", 82, longTail(r, 82, 400))
                        : "gh" + "pousr".charAt(r.nextInt(5)) + "_" + chars(r, ALNUM, 36, longTail(r, 36, 400));
                return new Secret("github_token", token, token, false);
            }
            case 2 -> {
                String token = "glpat-" + chars(r, B64URL, 20, longTail(r, 20, 400));
                return new Secret("gitlab_token", token, token, false);
            }
            case 3 -> {
                String token = "xox" + "baprs".charAt(r.nextInt(5)) + "-" + chars(r, ALNUM + "-", 10, longTail(r, 50, 400));
                return new Secret("slack_token", token, token, false);
            }
            case 4 -> {
                String token = "npm_" + chars(r, ALNUM, 36, 36);
                return new Secret("npm_token", token, token, false);
            }
            case 5 -> {
                String jwt = "eyJ" + chars(r, B64URL, 10, 60) + ".eyJ" + chars(r, B64URL, 10, longTail(r, 200, 3000)) + "."
                        + chars(r, B64URL, 20, 90);
                return new Secret("jwt", jwt, jwt, false);
            }
            case 6 -> {
                String token = chars(r, BEARER_CHARS, 16, longTail(r, 64, 6000));
                String word = r.nextBoolean() ? "Bearer" : "bearer";
                String header = List.of("", "Authorization: ", "-H 'Authorization: ").get(r.nextInt(3));
                return new Secret("bearer_token", header + word + " ".repeat(1 + r.nextInt(3)) + token, token, false);
            }
            case 7 -> {
                String password = chars(r, ALNUM + "!$%^*()_+-=.,;~[]{}", 8, longTail(r, 24, 300));
                String url = List.of("https", "postgres", "redis", "amqp", "git+ssh", "mongodb+srv").get(r.nextInt(6))
                        + "://" + chars(r, ALNUM + "._-", 1, 20) + ":" + password + "@" + chars(r, ALNUM + ".-", 1, 30)
                        + (r.nextBoolean() ? "" : ":5432/db?sslmode=require");
                return new Secret("password", url, password, false);
            }
            case 8 -> {
                String type = List.of("", "RSA ", "EC ", "OPENSSH ", "ENCRYPTED ", "DSA ").get(r.nextInt(6));
                StringBuilder body = new StringBuilder();
                for (int i = 1 + r.nextInt(20); i > 0; i--) {
                    body.append(chars(r, ALNUM + "+/", 64, 64)).append('\n');
                }
                String block = "-----BEGIN " + type + "PRIVATE KEY-----\n" + body
                        + (r.nextInt(5) == 0 ? "" : "-----END " + type + "PRIVATE KEY-----");
                return new Secret("private_key", block, body.toString().strip(), true);
            }
            case 9 -> {
                String value = chars(r, ALNUM + " !#$%&()*+,-./:;<=>?@[]^_{|}~\"'`", 8, longTail(r, 30, 500)).strip();
                value = value.length() < 8 ? value + "k3Y9x2Qa" : value;
                String indent = r.nextInt(8) == 0 ? " ".repeat(r.nextInt(120))
                        : List.of("", "  ", "\t", "    ").get(r.nextInt(4));
                String export = r.nextInt(4) == 0 ? "export " : "";
                String quote = List.of("", "\"", "'").get(r.nextInt(3));
                String sep = List.of("=", ": ", " = ", ":", "=  ").get(r.nextInt(5));
                return new Secret("secret", indent + export + quote + secretName(r) + quote + sep + value, value, true);
            }
            default -> {
                String value = chars(r, ALNUM + "!#$%()*+,-./:<=>?@[]^_{}~", 8, longTail(r, 30, 500));
                return new Secret("secret (inline)", secretName(r) + "=" + value, value, false);
            }
        }
    }

    private static String context(Random r) {
        StringBuilder sb = new StringBuilder();
        for (int i = r.nextInt(4); i > 0; i--) {
            switch (r.nextInt(3)) {
                case 0 -> sb.append(CONTEXT_LINES.get(r.nextInt(CONTEXT_LINES.size())));
                case 1 -> sb.append(Samples.NOISE.get(r.nextInt(Samples.NOISE.size())));
                default -> sb.append(chars(r, ALNUM + " .:/é€", 0, 40));
            }
            sb.append(r.nextBoolean() ? "\n" : " ");
        }
        return sb.toString();
    }

    @Provide
    Arbitrary<Text> secretInText() {
        return Arbitraries.randomValue(r -> {
            Secret s = secret(r);
            StringBuilder text = new StringBuilder(context(r));
            if (s.ownLine()) {
                text.append('\n').append(s.shown()).append('\n');
            } else {
                text.append(SEPARATORS.get(r.nextInt(SEPARATORS.size()))).append(s.shown())
                        .append(SEPARATORS.get(r.nextInt(SEPARATORS.size())));
            }
            text.append(context(r));
            return new Text(s, text.toString());
        });
    }

    @Property(tries = 6000, seed = "20261202")
    void noGeneratedSecretComesThrough(@ForAll("secretInText") Text t) {
        long t0 = System.nanoTime();
        String secret = t.secret().secret();
        String redacted = Redactor.redact(t.text());
        assertNothingOf(secret, redacted, "redacted text");
        AnalyzedError a = AnalyzedError.of(t.text());
        assertNothingOf(secret, a.rawOutput(), "stored output");
        assertNothingOf(secret, a.parsed().message(), "message");
        assertNothingOf(secret, a.template(), "template");
        for (Frame f : a.parsed().frames()) {
            assertNothingOf(secret, String.valueOf(f.function()) + " " + f.file() + " " + f.contextLine(), "frame");
        }
        REPORT.count(t.secret().kind(), System.nanoTime() - t0);
    }

    /** Two secrets in one text, one right after the other: neither may come through. */
    @Property(tries = 1500, seed = "20261202")
    void adjacentSecretsAreBothRedacted(@ForAll("secretInText") Text first, @ForAll("secretInText") Text second,
            @ForAll("separator") String separator) {
        long t0 = System.nanoTime();
        String redacted = Redactor.redact(first.text() + separator + second.text());
        assertNothingOf(first.secret().secret(), redacted, "redacted text");
        assertNothingOf(second.secret().secret(), redacted, "redacted text");
        REPORT.count("two secrets in one text", System.nanoTime() - t0);
    }

    /**
     * A secret anywhere in an output over 1 MiB, which the intake truncates (first and last 512 KiB) before it
     * redacts: whatever part of the secret survives the cut is still redacted.
     */
    @Property(tries = 12, seed = "20261202")
    void secretsAroundTheTruncationAreRedacted(@ForAll("secretInText") Text t, @ForAll("offsetNearTheCut") int offset) {
        long t0 = System.nanoTime();
        String filler = String.join("\n", CONTEXT_LINES) + "\n";
        StringBuilder big = new StringBuilder(1_200_000);
        while (big.length() < 1_150_000) {
            big.append(filler);
        }
        int at = big.lastIndexOf("\n", Math.min(big.length() - 1, Math.max(0, offset))) + 1;
        big.insert(at, t.text() + "\n");
        AnalyzedError a = AnalyzedError.of(big.toString());
        assertThat(a.truncatedBytes()).isPositive();
        String kept = a.rawOutput();
        String secret = t.secret().secret();
        // every 4th piece: a surviving fragment of 15+ characters holds one of them
        for (int i = 0; i + 12 <= secret.length(); i += 4) {
            String part = secret.substring(i, i + 12);
            int found = kept.indexOf(part);
            assertThat(found).as("a piece of the %s at %d of the stored output, near: %s", t.secret().kind(), found,
                    found < 0 ? "" : kept.substring(Math.max(0, found - 200), Math.min(kept.length(), found + 200)))
                    .isNegative();
        }
        REPORT.count("secret in a truncated 1.1 MiB output", System.nanoTime() - t0);
    }

    @Provide
    Arbitrary<Integer> offsetNearTheCut() {
        // the head ends near 512 KiB; the tail starts near 1,150,000 - 512 KiB (≈ 625,700)
        return Arbitraries.oneOf(Arbitraries.integers().between(520_000, 532_000),
                Arbitraries.integers().between(618_000, 632_000), Arbitraries.integers().between(0, 1_150_000));
    }

    @Provide
    Arbitrary<String> separator() {
        return Arbitraries.of(SEPARATORS);
    }

    /** The secret, and (for secrets of 12+ characters) every 12-character piece of it, is absent. */
    private static void assertNothingOf(String secret, String output, String where) {
        assertThat(output).as(where).doesNotContain(secret);
        int piece = 12;
        for (int i = 0; i + piece <= secret.length(); i++) {
            String part = secret.substring(i, i + piece);
            if (!part.isBlank() && !part.contains("REDACTED")) {
                assertThat(output).as("%s keeps a piece of the secret", where).doesNotContain(part);
            }
        }
    }

    @AfterContainer
    static void report() {
        REPORT.print();
    }
}
