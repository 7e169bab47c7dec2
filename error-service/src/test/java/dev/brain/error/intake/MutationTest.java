package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec §18 item 2: mutating the variable parts of a fixture keeps its fingerprint. */
class MutationTest {
    private static final Pattern LINE_COL = Pattern.compile("(\\.[A-Za-z]{1,5}):(\\d+)(?::(\\d+))?");
    private static final Pattern LINE_WORD = Pattern.compile("(line )(\\d+)");
    private static final Pattern GUTTER = Pattern.compile("(?m)^(\\s*)(\\d+)( +\\|)");
    private static final Pattern TS_GUTTER = Pattern.compile("(?m)^(\\d+)(?= )");
    private static final Pattern HEX = Pattern.compile("0x[0-9a-f]+");
    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern GOROUTINE = Pattern.compile("goroutine \\d+");
    private static final List<String> PREFIXES = List.of("/home/alice/", "/srv/worker/", "/home/ci/", "/Users/bob/",
            "/builds/", "/home/bob/");

    static List<Fixtures.Fixture> fixtures() {
        return Fixtures.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void variablePartsDoNotChangeTheFingerprint(Fixtures.Fixture fixture) {
        String original = AnalyzedError.of(fixture.raw()).fingerprint();
        Random rnd = new Random(fixture.name().hashCode());
        for (int round = 0; round < 20; round++) {
            String mutated = mutate(fixture.raw(), rnd);
            assertThat(AnalyzedError.of(mutated).fingerprint()).as("round %d:%n%s", round, mutated).isEqualTo(original);
        }
    }

    static String mutate(String raw, Random rnd) {
        String s = raw;
        // line numbers: file:line:col, "line N" and the matching gutter numbers move together
        int delta = 1 + rnd.nextInt(500);
        s = replace(s, LINE_COL, m -> m.group(1) + ":" + shift(m.group(2), delta)
                + (m.group(3) == null ? "" : ":" + (1 + rnd.nextInt(80))));
        s = replace(s, LINE_WORD, m -> m.group(1) + shift(m.group(2), delta));
        s = replace(s, GUTTER, m -> m.group(1) + shift(m.group(2), delta) + m.group(3));
        if (s.contains(" - error TS")) {
            s = replace(s, TS_GUTTER, m -> shift(m.group(1), delta));
        }
        s = s.replaceAll("\\((\\d+),(\\d+)\\)", "(" + (1 + rnd.nextInt(900)) + "," + (1 + rnd.nextInt(90)) + ")");
        s = s.replaceAll(":\\[(\\d+),(\\d+)\\]", ":[" + (1 + rnd.nextInt(900)) + "," + (1 + rnd.nextInt(90)) + "]");
        s = replace(s, HEX, m -> "0x" + Long.toHexString(rnd.nextLong() & 0xffffffffffL));
        s = replace(s, UUID, m -> java.util.UUID.randomUUID().toString());
        s = replace(s, GOROUTINE, m -> "goroutine " + (1 + rnd.nextInt(9999)));
        // directory prefixes
        String target = "/tmp/wt-" + rnd.nextInt(100000) + "/";
        for (String p : PREFIXES) {
            s = s.replace(p, target);
        }
        return s;
    }

    private static String shift(String number, int delta) {
        return Long.toString(Long.parseLong(number) + delta);
    }

    private interface Repl {
        String apply(Matcher m);
    }

    private static String replace(String s, Pattern p, Repl r) {
        Matcher m = p.matcher(s);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(r.apply(m)));
        }
        m.appendTail(sb);
        return sb.toString();
    }
}
