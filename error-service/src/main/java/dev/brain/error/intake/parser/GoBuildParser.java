package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** Go compiler / vet diagnostics {@code file.go:l:c: text}. */
public final class GoBuildParser implements ErrorParser {
    private static final Pattern DIAG = Pattern.compile("^(\\S+\\.go):(\\d+):(\\d+): (.+)$");

    @Override
    public String name() {
        return "go-build";
    }

    @Override
    public int priority() {
        return 75;
    }

    private static Matcher match(String l) {
        if (l.contains(".go:")) {
            Matcher m = DIAG.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean detect(String text) {
        if (!text.contains(".go:")) {
            return false;
        }
        for (String l : Lines.split(text)) {
            if (match(l) != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        Matcher first = null;
        int count = 0;
        for (String l : Lines.split(text)) {
            Matcher m = match(l);
            if (m != null) {
                count++;
                if (first == null) {
                    first = m;
                }
            }
        }
        if (first == null) {
            return null;
        }
        return ParsedError.of("GoCompileError", first.group(4).strip(),
                List.of(Lines.frame(null, first.group(1), Lines.toInt(first.group(2)), Lines.toInt(first.group(3)), null)),
                "go", name(), count);
    }
}
