package dev.brain.error.intake;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Spec §5.5: automatic labels, sorted and distinct. */
public final class Labels {
    private static final int MAX_TEXT = 16384;
    private static final Map<String, Pattern> RULES = Map.of(
            "import",
            Pattern.compile(
                    "Cannot find module|ModuleNotFoundError|ImportError|No module named|unresolved import|cannot find package"),
            "null", Pattern.compile("undefined|null|None|nil pointer|NullPointerException"),
            "type", Pattern.compile("TypeError|mismatched types|incompatible types|TS2\\d{3}"),
            "syntax", Pattern.compile("SyntaxError|unexpected token|expected .* found"),
            "network", Pattern.compile("ECONNREFUSED|ETIMEDOUT|Connection refused|timed out"),
            "permission", Pattern.compile("EACCES|Permission denied|AccessDenied"),
            "filesystem", Pattern.compile("ENOENT|No such file|FileNotFound"));
    private static final Set<String> BUILD_PARSERS = Set.of("javac", "maven", "gradle", "gcc-clang", "go-build",
            "rustc", "typescript");

    private Labels() {
    }

    public static List<String> of(ParsedError e) {
        TreeSet<String> labels = new TreeSet<>();
        if (e.language() != null && !e.language().isBlank()) {
            labels.add(e.language());
        }
        if (e.parser() != null && !e.parser().isBlank()) {
            labels.add(e.parser());
        }
        String text = (e.type() == null ? "" : e.type()) + " " + (e.message() == null ? "" : e.message());
        if (text.length() > MAX_TEXT) {
            text = text.substring(0, MAX_TEXT);
        }
        // "expected .* found" stays within a line (. does not match \n)
        for (Map.Entry<String, Pattern> r : RULES.entrySet()) {
            if (r.getValue().matcher(text).find()) {
                labels.add(r.getKey());
            }
        }
        if (e.parser() != null && BUILD_PARSERS.contains(e.parser())) {
            labels.add("build");
        }
        if (e.frames().stream().anyMatch(f -> !f.inApp())) {
            labels.add("dependency");
        }
        return List.copyOf(labels);
    }
}
