package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** Maven output: compile lines {@code [ERROR] X.java:[l,c] text} → JavacError, else the first [ERROR] line. */
public final class MavenParser implements ErrorParser {
    private static final String PREFIX = "[ERROR] ";
    private static final Pattern COMPILE = Pattern.compile("^\\[ERROR\\] (.+\\.java):\\[(\\d+),(\\d+)\\] (.+)$");
    private static final Pattern SYMBOL = Pattern.compile("^(?:\\[ERROR\\])?\\s*symbol:\\s*(.*)$");

    @Override
    public String name() {
        return "maven";
    }

    @Override
    public int priority() {
        return 70;
    }

    @Override
    public boolean detect(String text) {
        for (String l : Lines.split(text)) {
            if (l.startsWith(PREFIX)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        int compiles = 0;
        int firstCompile = -1;
        Matcher first = null;
        String firstError = null;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            if (!l.startsWith(PREFIX)) {
                continue;
            }
            Matcher m = l.contains(".java:[") ? COMPILE.matcher(l) : null;
            if (m != null && m.matches()) {
                compiles++;
                if (first == null) {
                    first = m;
                    firstCompile = i;
                }
            } else if (firstError == null && !l.substring(PREFIX.length()).isBlank()) {
                firstError = l.substring(PREFIX.length()).strip();
            }
        }
        if (first != null) {
            String message = first.group(4).strip();
            for (int n = firstCompile + 1; n < lines.length && n <= firstCompile + 4; n++) {
                if (lines[n].contains(".java:[")) {
                    break;
                }
                Matcher s = SYMBOL.matcher(lines[n]);
                if (s.matches()) {
                    message = message + "; symbol: " + s.group(1).strip();
                    break;
                }
            }
            return ParsedError.of("JavacError", message,
                    List.of(Lines.frame(null, first.group(1).strip(), Lines.toInt(first.group(2)), Lines.toInt(first.group(3)),
                            null)),
                    "java", name(), compiles);
        }
        if (firstError == null) {
            return null;
        }
        return ParsedError.of("MavenBuildError", firstError, List.of(), "java", name(), 1);
    }
}
