package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import dev.brain.error.intake.AnalyzedError;
import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.MessageTemplate;
import dev.brain.error.intake.ParsedError;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Issue #24 §4, the fingerprint: total on any parse (64 lowercase hex, deterministic, no exception from the frame
 * key helpers on any string), and stable where §5.3/§5.4 say it must be — the same error generated again with
 * other line numbers, directories, addresses, ids and numbers in its message keeps its fingerprint, and a
 * different error type changes it.
 */
class FingerprintFuzzTest {
    private static final FuzzReport REPORT = new FuzzReport("fingerprint");
    private static final String WORD = "abcdefghijklmnopqrstuvwxyz";

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.oneOf(Arbitraries.strings().all().ofMaxLength(300),
                Arbitraries.of(Samples.NOISE).list().ofMaxSize(40).map(l -> String.join("", l)),
                Arbitraries.strings().withChars("()[]{}$0123456789x./\\:-_ ").ofMaxLength(300));
    }

    @Property(tries = 3000, seed = "20261202")
    void theFingerprintIsTotalOnAnyParse(@ForAll("anyText") String type, @ForAll("anyText") String message,
            @ForAll("anyText") String function, @ForAll("anyText") String file, @ForAll boolean inApp,
            @ForAll("anyText") String parser) {
        long t0 = System.nanoTime();
        Frame frame = new Frame(function, file, 1, null, message, inApp);
        List<Frame> frames = List.of(frame, new Frame(null, file, null, null, null, !inApp),
                new Frame(function, null, null, null, null, inApp));
        for (String p : List.of(parser, "python", "rustc", "jvm")) {
            ParsedError e = ParsedError.of(type, message, frames, null, p, 1);
            String fp = Fingerprints.fingerprint(e);
            assertThat(fp).matches("[0-9a-f]{64}");
            assertThat(Fingerprints.fingerprint(e)).isEqualTo(fp);
        }
        assertThat(Fingerprints.basename(file)).isNotEmpty();
        assertThat(Fingerprints.normalizeFunction(function)).isNotNull();
        Fingerprints.inApp(file, function);
        assertThat(MessageTemplate.template(message)).isNotNull();
        REPORT.count("fingerprint of arbitrary parses", System.nanoTime() - t0);
    }

    /** One error, its volatile parts (numbers, paths, addresses, ids) drawn from {@code r}. */
    record Shape(String language, long seed) {
        String render(long variant) {
            Random stable = new Random(seed);
            Random r = new Random(seed * 31 + variant);
            String fn = word(stable, 4, 9);
            String cls = word(stable, 4, 9);
            String file = word(stable, 3, 8);
            String key = word(stable, 3, 8);
            String dir = "/" + word(r, 2, 6) + "/" + word(r, 2, 6);
            int n = 1 + stable.nextInt(4);
            StringBuilder sb = new StringBuilder();
            switch (language) {
                case "python" -> {
                    sb.append("Traceback (most recent call last):\n");
                    for (int i = 0; i < n; i++) {
                        sb.append("  File \"").append(dir).append('/').append(file).append(i).append(".py\", line ")
                                .append(1 + r.nextInt(900)).append(", in ").append(fn).append(i).append('\n');
                        sb.append("    ").append(fn).append(i).append("(x)\n");
                    }
                    sb.append("KeyError: 'missing ").append(key).append(" ").append(r.nextInt(100000)).append(" at 0x")
                            .append(Long.toHexString(r.nextLong() >>> 1)).append("'\n");
                }
                case "jvm" -> {
                    sb.append("Exception in thread \"main\" java.lang.IllegalStateException: order ")
                            .append(r.nextInt(1_000_000)).append(" of ").append(java.util.UUID.randomUUID())
                            .append(" failed at ")
                            .append(1 + r.nextInt(23)).append(':').append(10 + r.nextInt(49)).append('\n');
                    for (int i = 0; i < n; i++) {
                        sb.append("\tat com.example.").append(cls).append(".").append(fn).append(i).append('(').append(cls)
                                .append(".java:").append(1 + r.nextInt(900)).append(")\n");
                    }
                    sb.append("\tat java.base/java.lang.Thread.run(Thread.java:").append(1 + r.nextInt(900)).append(")\n");
                }
                case "go" -> {
                    sb.append("panic: runtime error: index out of range [").append(r.nextInt(100)).append("] with length ")
                            .append(r.nextInt(100)).append("\n\ngoroutine ").append(1 + r.nextInt(99)).append(" [running]:\n");
                    for (int i = 0; i < n; i++) {
                        sb.append("main.").append(fn).append(i).append("(0x").append(Integer.toHexString(r.nextInt()))
                                .append(", 0x").append(Integer.toHexString(r.nextInt())).append(")\n\t").append(dir).append('/')
                                .append(file).append(".go:").append(1 + r.nextInt(900)).append(" +0x")
                                .append(Integer.toHexString(r.nextInt(4096))).append('\n');
                    }
                }
                default -> {
                    sb.append("TypeError: Cannot read properties of undefined (reading '").append(key).append("')\n");
                    for (int i = 0; i < n; i++) {
                        sb.append("    at ").append(fn).append(i).append(" (").append(dir).append('/').append(file)
                                .append(".js:").append(1 + r.nextInt(900)).append(':').append(1 + r.nextInt(80)).append(")\n");
                    }
                }
            }
            return sb.toString();
        }

        private static String word(Random r, int min, int max) {
            StringBuilder sb = new StringBuilder();
            for (int i = min + r.nextInt(max - min + 1); i > 0; i--) {
                sb.append(WORD.charAt(r.nextInt(WORD.length())));
            }
            return sb.toString();
        }
    }

    @Provide
    Arbitrary<Shape> shapes() {
        return Arbitraries.of("python", "jvm", "go", "node")
                .flatMap(language -> Arbitraries.longs().between(1, Long.MAX_VALUE / 64)
                        .map(seed -> new Shape(language, seed)));
    }

    @Property(tries = 1500, seed = "20261202")
    void theSameErrorKeepsItsFingerprintAcrossVolatileParts(@ForAll("shapes") Shape shape, @ForAll long variant) {
        long t0 = System.nanoTime();
        AnalyzedError a = AnalyzedError.of(shape.render(0));
        AnalyzedError b = AnalyzedError.of(shape.render(variant == 0 ? 1 : variant));
        assertThat(a.parsed().parser()).as(shape.render(0)).isNotEqualTo("generic");
        assertThat(b.fingerprint()).as("%s%n---%n%s", shape.render(0), shape.render(variant)).isEqualTo(a.fingerprint());
        String otherType = shape.render(0).replace("KeyError", "ValueError").replace("IllegalStateException",
                "IllegalArgumentException").replace("TypeError", "RangeError")
                .replace("index out of range", "slice bounds out of range");
        assertThat(AnalyzedError.of(otherType).fingerprint()).isNotEqualTo(a.fingerprint());
        List<String> keys = new ArrayList<>(Fingerprints.selectedKeys(a.parsed().frames(), a.parsed().parser(), 3));
        assertThat(keys).allSatisfy(k -> assertThat(k).doesNotContainPattern("\\d{3,}"));
        REPORT.count("fingerprint stability, " + shape.language(), System.nanoTime() - t0);
    }

    @AfterContainer
    static void report() {
        REPORT.print();
    }
}
