package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Spec §18 item 1: every fixture parses to its expected type, message, language, parser and frames. */
class FixtureParsingTest {

    static java.util.List<Fixtures.Fixture> fixtures() {
        return Fixtures.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fixtures")
    void parsesFixture(Fixtures.Fixture fixture) {
        ParsedError e = AnalyzedError.of(fixture.raw()).parsed();
        Properties x = fixture.expected();
        assertThat(e.type()).as("type").isEqualTo(x.getProperty("type"));
        assertThat(e.message()).as("message").isEqualTo(x.getProperty("message"));
        assertThat(e.language()).as("language").isEqualTo(x.getProperty("language"));
        assertThat(e.parser()).as("parser").isEqualTo(x.getProperty("parser"));
        int n = Integer.parseInt(x.getProperty("frames"));
        assertThat(e.frames()).as("frames").hasSize(n);
        for (int i = 0; i < n; i++) {
            Frame f = e.frames().get(i);
            String p = "frame." + i + ".";
            assertThat(f.function()).as(p + "function").isEqualTo(x.getProperty(p + "function"));
            assertThat(f.file()).as(p + "file").isEqualTo(x.getProperty(p + "file"));
            assertThat(f.line()).as(p + "line").isEqualTo(integer(x.getProperty(p + "line")));
            assertThat(f.column()).as(p + "column").isEqualTo(integer(x.getProperty(p + "column")));
            assertThat(f.inApp()).as(p + "inApp").isEqualTo(Boolean.parseBoolean(x.getProperty(p + "inApp")));
        }
        Frame source = e.frames().stream().filter(Frame::inApp).findFirst()
                .orElse(e.frames().isEmpty() ? null : e.frames().get(0));
        assertThat(e.sourceFile()).isEqualTo(source == null ? null : source.file());
        assertThat(e.sourceLine()).isEqualTo(source == null ? null : source.line());
        assertThat(e.diagnostics()).isGreaterThanOrEqualTo(1);
    }

    private static Integer integer(String s) {
        return s == null ? null : Integer.valueOf(s);
    }

    @Test
    void everyParserHasAtLeastThreeFixtures() {
        Map<String, Long> perParser = fixtures().stream()
                .collect(Collectors.groupingBy(f -> f.expected().getProperty("parser"), TreeMap::new, Collectors.counting()));
        assertThat(perParser.keySet()).containsExactlyInAnyOrder("node", "typescript", "python", "rust-panic", "rustc",
                "go-panic", "go-build", "jvm", "javac", "maven", "gradle", "gcc-clang", "shell", "generic");
        assertThat(perParser.values()).allMatch(c -> c >= 3);
        Map<String, Long> perDir = fixtures().stream()
                .collect(Collectors.groupingBy(f -> f.name().substring(0, f.name().indexOf('/')), Collectors.counting()));
        assertThat(perDir).hasSize(13);
        assertThat(perDir.values()).allMatch(c -> c >= 3);
    }

    @Test
    void contextLinesAreCaptured() {
        Map<String, Fixtures.Fixture> byName = fixtures().stream()
                .collect(Collectors.toMap(Fixtures.Fixture::name, Function.identity()));
        assertThat(ctx(byName, "python/keyerror.txt", 1)).isEqualTo("return Config(url=env[\"DATABASE_URL\"])");
        assertThat(ctx(byName, "rust/e0382-borrow.txt", 0)).isEqualTo("println!(\"{}\", order.id);");
        assertThat(ctx(byName, "typescript/pretty-ts2322.txt", 0)).isEqualTo("const total: number = props.total;");
        assertThat(ctx(byName, "javac/cannot-find-symbol.txt", 0)).isEqualTo("orderRepo.save(order);");
        assertThat(ctx(byName, "gcc-clang/gcc-undeclared.txt", 0)).isEqualTo("return hdr_len;");
    }

    @Test
    void diagnosticsCountAllAndFirstDefines() {
        ParsedError ts = ParserRegistry.parse("a.ts(1,2): error TS2339: first\nb.ts(3,4): error TS2304: second\n");
        assertThat(ts.type()).isEqualTo("TS2339");
        assertThat(ts.diagnostics()).isEqualTo(2);
        ParsedError py = AnalyzedError.of(fixtures().stream().filter(f -> f.name().equals("python/chained.txt"))
                .findFirst().orElseThrow().raw()).parsed();
        assertThat(py.diagnostics()).isEqualTo(3);
    }

    private static String ctx(Map<String, Fixtures.Fixture> byName, String name, int frame) {
        return AnalyzedError.of(byName.get(name).raw()).parsed().frames().get(frame).contextLine();
    }
}
