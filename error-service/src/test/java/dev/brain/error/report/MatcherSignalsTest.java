package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** Each §5.7 signal and the renormalization over the signals that are not excluded. */
class MatcherSignalsTest {

    @Test
    void typeSignal() {
        assertThat(Matcher.typeSignal("KeyError", "KeyError")).isEqualTo(1.0);
        assertThat(Matcher.typeSignal("requests.exceptions.ConnectionError", "urllib3.ConnectionError")).isEqualTo(0.5);
        assertThat(Matcher.typeSignal("std::io::Error", "io::Error")).isEqualTo(0.5);
        assertThat(Matcher.typeSignal("TypeError", "RangeError")).isZero();
    }

    @Test
    void stackSignalIsLcsOverTheLongerListAndExcludedWithoutFrames() {
        assertThat(Matcher.stackSignal(List.of("a@x.js", "b@y.js", "c@z.js"), List.of("a@x.js", "c@z.js")))
                .isCloseTo(2.0 / 3, within(1e-12));
        assertThat(Matcher.stackSignal(List.of(), List.of())).isNull();
        assertThat(Matcher.stackSignal(List.of("a@x.js"), List.of())).isZero();
    }

    @Test
    void fileSignalComparesRelativePaths() {
        assertThat(Matcher.fileSignal("/home/a/app/src/x.ts", "/home/a/app", "/srv/b/src/x.ts", "/srv/b")).isEqualTo(1.0);
        assertThat(Matcher.fileSignal("C:\\w\\app\\src\\x.ts", "C:\\w\\app", "src/x.ts", null)).isEqualTo(1.0);
        assertThat(Matcher.fileSignal("src/x.ts", null, "lib/x.ts", null)).isEqualTo(0.7);
        assertThat(Matcher.fileSignal("src/x.ts", null, "lib/y.ts", null)).isEqualTo(0.3);
        assertThat(Matcher.fileSignal("src/x.ts", null, "lib/y.py", null)).isZero();
        assertThat(Matcher.fileSignal(null, null, "", null)).isNull();
        assertThat(Matcher.fileSignal("x.ts", null, null, null)).isZero();
    }

    @Test
    void scoreRenormalizesOverPresentSignals() {
        Map<String, Double> all = new LinkedHashMap<>();
        all.put("fingerprint", 1.0);
        all.put("message", 1.0);
        all.put("type", 1.0);
        all.put("full_text", 1.0);
        // identical errors without frames and files score 1.0: stack and file are excluded
        assertThat(Matcher.score(all)).isEqualTo(1.0);
        all.put("fingerprint", 0.0);
        all.put("message", 0.5);
        // (0.20·0.5 + 0.15 + 0.10) / 0.75
        assertThat(Matcher.score(all)).isCloseTo(0.35 / 0.75, within(1e-12));
        all.put("stack", 0.0);
        all.put("file", 1.0);
        // (0.10 + 0.15 + 0.10 + 0.10) / 1.0
        assertThat(Matcher.score(all)).isCloseTo(0.45, within(1e-12));
    }
}
