package dev.brain.error.intake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import dev.brain.error.intake.parser.ErrorParser;
import dev.brain.error.intake.parser.GccClangParser;
import dev.brain.error.intake.parser.GenericParser;
import dev.brain.error.intake.parser.GoBuildParser;
import dev.brain.error.intake.parser.GoPanicParser;
import dev.brain.error.intake.parser.GradleParser;
import dev.brain.error.intake.parser.JavacParser;
import dev.brain.error.intake.parser.JvmParser;
import dev.brain.error.intake.parser.MavenParser;
import dev.brain.error.intake.parser.NodeParser;
import dev.brain.error.intake.parser.PythonParser;
import dev.brain.error.intake.parser.RustPanicParser;
import dev.brain.error.intake.parser.RustcParser;
import dev.brain.error.intake.parser.ShellParser;
import dev.brain.error.intake.parser.TypeScriptParser;
import io.quarkus.logging.Log;

/** Spec §5.2: parsers by priority desc (ties: name asc); the first non-null parse wins; generic never fails. */
public final class ParserRegistry {
    private static final GenericParser GENERIC = new GenericParser();
    private static final List<ErrorParser> PARSERS;

    static {
        List<ErrorParser> ps = new ArrayList<>(List.of(new PythonParser(), new JvmParser(), new RustPanicParser(),
                new GoPanicParser(), new TypeScriptParser(), new RustcParser(), new NodeParser(), new JavacParser(),
                new GccClangParser(), new GoBuildParser(), new MavenParser(), new GradleParser(), new ShellParser(),
                GENERIC));
        ps.sort(Comparator.comparingInt(ErrorParser::priority).reversed().thenComparing(ErrorParser::name));
        PARSERS = List.copyOf(ps);
    }

    private ParserRegistry() {
    }

    public static List<ErrorParser> parsers() {
        return PARSERS;
    }

    /**
     * The name of the parser whose output begins with {@code text} as its header line and nothing else (names a
     * language, no error), or null.
     */
    public static String headerOf(String text) {
        String line = text.strip();
        return PARSERS.stream().filter(p -> line.equals(p.header())).map(ErrorParser::name).findFirst().orElse(null);
    }

    public static ParsedError parse(String normalizedText) {
        String text = normalizedText == null ? "" : normalizedText;
        for (ErrorParser p : PARSERS) {
            try {
                if (p.detect(text)) {
                    ParsedError e = p.parse(text);
                    if (e != null) {
                        return e;
                    }
                }
            } catch (RuntimeException | StackOverflowError e) {
                Log.debug("parser " + p.name() + " skipped: " + e);
            }
        }
        return GENERIC.parse(text);
    }
}
