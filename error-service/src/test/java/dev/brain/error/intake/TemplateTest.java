package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/** Spec §5.3. */
class TemplateTest {

    @Test
    void workedExample() {
        assertThat(MessageTemplate.template("Cannot read properties of undefined (reading 'map') at "
                + "/home/alice/app/src/users.ts:42:17\n(request 3f2a9c1e-5b7d-4e2a-9c1f-0a1b2c3d4e5f, 2024-05-01T12:30:45Z, "
                + "0x7ffe12ab, retry 3 of 5, db 10.0.0.7:5432)"))
                .isEqualTo("Cannot read properties of undefined (reading 'map') at <PATH>/users.ts:<LINE>:<COL> "
                        + "(request <UUID>, <TIMESTAMP>, <ADDR>, retry <NUM> of <NUM>, db <IP>:5432)");
    }

    @Test
    void quotedIdentifiersAreProtected() {
        assertThat(MessageTemplate.template("Cannot find module '@acme/shared-utils' from `a1.b2`"))
                .isEqualTo("Cannot find module '@acme/shared-utils' from `a1.b2`");
        assertThat(MessageTemplate.template("KeyError: \"user_id2\" and 'x'")).isEqualTo("KeyError: \"user_id2\" and 'x'");
        // 4-digit runs, hex runs, whitespace and non-identifiers are not protected
        assertThat(MessageTemplate.template("order '12345' missing")).isEqualTo("order '<NUM>' missing");
        assertThat(MessageTemplate.template("order 'ord_12345' missing")).isEqualTo("order 'ord_12345' missing");
        assertThat(MessageTemplate.template("commit 'deadbeef1' missing")).isEqualTo("commit '<HEX>' missing");
        assertThat(MessageTemplate.template("file '/tmp/x/a.txt' missing")).isEqualTo("file '<PATH>/a.txt' missing");
    }

    @Test
    void rules() {
        assertThat(MessageTemplate.template("see https://example.com/a/b?x=1 now")).isEqualTo("see <URL> now");
        assertThat(MessageTemplate.template("at 2024-05-01 12:30:45.123+02:00 ok")).isEqualTo("at <TIMESTAMP> ok");
        assertThat(MessageTemplate.template("open C:\\Users\\bob\\proj\\main.py failed"))
                .isEqualTo("open <PATH>/main.py failed");
        assertThat(MessageTemplate.template("open ~/proj/main.py and ../x/y.py and ./z.go"))
                .isEqualTo("open <PATH>/main.py and <PATH>/y.py and <PATH>/z.go");
        assertThat(MessageTemplate.template("in src/lib/util.ts here")).isEqualTo("in <PATH>/util.ts here");
        assertThat(MessageTemplate.template("host 192.168.1.20 down")).isEqualTo("host <IP> down");
        assertThat(MessageTemplate.template("main.go:12 and x.rs:3:4 and a.ts(5,6)"))
                .isEqualTo("main.go:<LINE> and x.rs:<LINE>:<COL> and a.ts(<LINE>,<COL>)");
        assertThat(MessageTemplate.template("error on Line 12")).isEqualTo("error on line <LINE>");
        assertThat(MessageTemplate.template("addr 0xDEADbeef")).isEqualTo("addr <ADDR>");
        assertThat(MessageTemplate.template("sha 3f2a9c1e5b7d4e2a")).isEqualTo("sha <HEX>");
        assertThat(MessageTemplate.template("took 1.5 s, v1.2.3, x2")).isEqualTo("took <NUM> s, v1.2.3, x2");
        assertThat(MessageTemplate.template("connect localhost:8080 and 10.0.0.1:443"))
                .isEqualTo("connect localhost:8080 and <IP>:443");
        assertThat(MessageTemplate.template("  many \t spaces\n\nhere  ")).isEqualTo("many spaces here");
    }

    @Test
    void cutToThousandCodePoints() {
        String t = MessageTemplate.template("x".repeat(5000));
        assertThat(t.codePointCount(0, t.length())).isEqualTo(1000);
        assertThat(MessageTemplate.template(null)).isEmpty();
    }

    @Test
    void longRepeatedStructuresDoNotOverflow() {
        assertThat(MessageTemplate.template("/a".repeat(100_000))).startsWith("<PATH>/");
        assertThat(MessageTemplate.template("1.".repeat(100_000))).startsWith("<IP>.");
        assertThat(MessageTemplate.template("12345.".repeat(100_000))).isEqualTo("<NUM>");
        assertThat(MessageTemplate.template("v 12345.".repeat(3))).isEqualTo("v <NUM>.v <NUM>.v <NUM>.");
        assertThat(MessageTemplate.template("a/".repeat(100_000) + "b.txt")).isNotNull();
    }

    /** Rule 2 as the spec writes it: the reference for the linear scanner. */
    private static final Pattern URL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s'\"<>)\\]]+");

    @Test
    void theUrlScannerEqualsTheSpecsRegularExpressionOnRandomText() {
        String[] pieces = { "://", "://", ":", "/", "a", "Z", "h", "t", "p", "s", "0", "9", "+", ".", "-", "_", " ", "\t", "\n",
                "'", "\"", "<", ">", ")", "]", "(", "é", "\u0301", "\uD835\uDC00", "\uD835", "K", "\u212A", "?", "#", "@", "=",
                "http", "git+ssh", "x.y-z", "<URL>" };
        Random random = new Random(20261201);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(40);
            for (int k = 0; k < n; k++) {
                sb.append(pieces[random.nextInt(pieces.length)]);
            }
            String text = sb.toString();
            assertThat(MessageTemplate.urls(text)).as("input %s", text).isEqualTo(URL.matcher(text).replaceAll("<URL>"));
        }
        assertThat(MessageTemplate.urls("see https://example.com/a?x=1, ftp://h) and é-x.y+z://q"))
                .isEqualTo("see <URL> <URL>) and é-<URL>");
    }

    @Test
    void aLongDottedRunIsTemplatedInLinearTime() {
        // the spec's regex tried every start of the run and read to its end: ~300 ms for 8 KiB of "a."
        long t0 = System.nanoTime();
        for (int i = 0; i < 20; i++) {
            assertThat(MessageTemplate.template("a.".repeat(4000) + "x://h")).isEqualTo("<URL>");
            assertThat(MessageTemplate.template("a.".repeat(4096))).startsWith("a.a.");
        }
        assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(1000);
    }
}
