package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** tsc diagnostics, plain ({@code file(l,c): error TS…}) and pretty ({@code file:l:c - error TS…}). */
public final class TypeScriptParser implements ErrorParser {
    private static final Pattern PLAIN = Pattern.compile("^(.+)\\((\\d+),(\\d+)\\): error (TS\\d+): (.*)$");
    private static final Pattern PRETTY = Pattern.compile("^(.+):(\\d+):(\\d+) - error (TS\\d+): (.*)$");
    private static final Pattern GUTTER = Pattern.compile("^(\\d+)\\s(.*)$");

    @Override
    public String name() {
        return "typescript";
    }

    @Override
    public int priority() {
        return 88;
    }

    private static Matcher match(String l) {
        if (l.contains("): error TS")) {
            Matcher m = PLAIN.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        if (l.contains(" - error TS")) {
            Matcher m = PRETTY.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean detect(String text) {
        return text.contains("error TS");
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        Matcher first = null;
        int firstIdx = -1;
        int count = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = match(lines[i]);
            if (m != null) {
                count++;
                if (first == null) {
                    first = m;
                    firstIdx = i;
                }
            }
        }
        if (first == null) {
            return null;
        }
        boolean pretty = first.pattern() == PRETTY;
        String file = first.group(1).strip();
        Integer line = Lines.toInt(first.group(2));
        Integer col = Lines.toInt(first.group(3));
        String ctx = null;
        if (pretty && line != null) {
            for (int i = firstIdx + 1; i < lines.length && i <= firstIdx + 20; i++) {
                if (match(lines[i]) != null) {
                    break;
                }
                Matcher g = GUTTER.matcher(lines[i]);
                if (g.matches() && line.equals(Lines.toInt(g.group(1)))) {
                    ctx = g.group(2);
                    break;
                }
            }
        }
        return ParsedError.of(first.group(4), first.group(5).strip(),
                List.of(Lines.frame(null, file, line, col, ctx)), "typescript", name(), count);
    }
}
