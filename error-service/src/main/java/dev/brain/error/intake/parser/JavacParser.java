package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** javac ({@code File.java:42: error: text}) and kotlinc ({@code e: file:///X.kt:12:5 text}) diagnostics. */
public final class JavacParser implements ErrorParser {
    private static final Pattern JAVAC = Pattern.compile("^(.+\\.java):(\\d+): error: (.+)$");
    private static final Pattern KOTLIN = Pattern.compile("^e: (file://)?(.+\\.kts?):(\\d+):(\\d+):? (.+)$");
    private static final Pattern KOTLIN_OLD = Pattern.compile("^e: (.+\\.kts?): \\((\\d+), (\\d+)\\): (.+)$");
    private static final Pattern SYMBOL = Pattern.compile("^\\s*symbol:\\s*(.*)$");

    @Override
    public String name() {
        return "javac";
    }

    @Override
    public int priority() {
        return 80;
    }

    private static Matcher javac(String l) {
        if (l.contains(": error: ")) {
            Matcher m = JAVAC.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    private static Matcher kotlin(String l) {
        if (l.startsWith("e: ")) {
            Matcher m = KOTLIN_OLD.matcher(l);
            if (m.matches()) {
                return m;
            }
            m = KOTLIN.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean detect(String text) {
        if (!text.contains(": error: ") && !text.contains("e: ")) {
            return false;
        }
        for (String l : Lines.split(text)) {
            if (javac(l) != null || kotlin(l) != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        ParsedError first = null;
        int count = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher j = javac(lines[i]);
            Matcher k = j == null ? kotlin(lines[i]) : null;
            if (j == null && k == null) {
                continue;
            }
            count++;
            if (first != null) {
                continue;
            }
            if (j != null) {
                String ctx = null;
                for (int n = i + 1; n < lines.length; n++) {
                    if (!lines[n].isBlank()) {
                        ctx = javac(lines[n]) == null ? lines[n] : null;
                        break;
                    }
                }
                String message = j.group(3).strip();
                for (int n = i + 1; n < lines.length && n <= i + 6; n++) {
                    if (javac(lines[n]) != null) {
                        break;
                    }
                    Matcher s = SYMBOL.matcher(lines[n]);
                    if (s.matches()) {
                        message = message + "; symbol: " + s.group(1).strip();
                        break;
                    }
                }
                first = ParsedError.of("JavacError", message,
                        List.of(Lines.frame(null, j.group(1).strip(), Lines.toInt(j.group(2)), null, ctx)), "java",
                        name(), 1);
            } else {
                boolean old = k.pattern() == KOTLIN_OLD;
                String file = old ? k.group(1) : k.group(2);
                String line = old ? k.group(2) : k.group(3);
                String col = old ? k.group(3) : k.group(4);
                String message = old ? k.group(4) : k.group(5);
                first = ParsedError.of("KotlinCompileError", message.strip(),
                        List.of(Lines.frame(null, file.strip(), Lines.toInt(line), Lines.toInt(col), null)), "kotlin",
                        name(), 1);
            }
        }
        if (first == null) {
            return null;
        }
        return new ParsedError(first.type(), first.message(), first.frames(), first.language(), first.parser(),
                first.sourceFile(), first.sourceLine(), count);
    }
}
