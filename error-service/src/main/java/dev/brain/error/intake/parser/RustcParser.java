package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.ParsedError;

/** rustc diagnostics: {@code error[E0382]: text} followed by {@code --> file:l:c}. */
public final class RustcParser implements ErrorParser {
    private static final Pattern HEADER = Pattern.compile("^error(\\[(E\\d{4})\\])?: (.*)$");
    private static final Pattern OTHER_HEADER = Pattern.compile("^(error|warning)(\\[[A-Za-z]?\\d{4}\\])?: .*$");
    private static final Pattern ARROW = Pattern.compile("^\\s*--> (.+):(\\d+):(\\d+)$");
    private static final Pattern SNIPPET = Pattern.compile("^\\s*(\\d+)\\s*\\|(.*)$");

    @Override
    public String name() {
        return "rustc";
    }

    @Override
    public int priority() {
        return 86;
    }

    @Override
    public boolean detect(String text) {
        return text.contains("error") && text.contains("--> ");
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        ParsedError first = null;
        int count = 0;
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].startsWith("error")) {
                continue;
            }
            Matcher h = HEADER.matcher(lines[i]);
            if (!h.matches()) {
                continue;
            }
            // the section: up to the next header
            int end = i + 1;
            while (end < lines.length && !OTHER_HEADER.matcher(lines[end]).matches()) {
                end++;
            }
            Matcher arrow = null;
            int arrowIdx = -1;
            for (int j = i + 1; j < end; j++) {
                Matcher a = ARROW.matcher(lines[j]);
                if (a.matches()) {
                    arrow = a;
                    arrowIdx = j;
                    break;
                }
            }
            if (arrow == null) {
                continue;
            }
            count++;
            if (first == null) {
                Integer line = Lines.toInt(arrow.group(2));
                String ctx = null;
                for (int j = arrowIdx + 1; j < end && line != null; j++) {
                    Matcher s = SNIPPET.matcher(lines[j]);
                    if (s.matches() && line.equals(Lines.toInt(s.group(1)))) {
                        ctx = s.group(2);
                        break;
                    }
                }
                String type = h.group(2) != null ? h.group(2) : "RustcError";
                first = ParsedError.of(type, h.group(3).strip(),
                        List.of(Lines.frame(null, arrow.group(1).strip(), line, Lines.toInt(arrow.group(3)), ctx)),
                        "rust", name(), 1);
            }
            i = end - 1;
        }
        if (first == null) {
            return null;
        }
        return new ParsedError(first.type(), first.message(), first.frames(), first.language(), first.parser(),
                first.sourceFile(), first.sourceLine(), count);
    }
}
