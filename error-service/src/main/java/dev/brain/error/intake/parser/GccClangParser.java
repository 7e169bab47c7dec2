package dev.brain.error.intake.parser;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** gcc/clang compile errors and linker {@code undefined reference to} errors. */
public final class GccClangParser implements ErrorParser {
    private static final Pattern COMPILE = Pattern.compile(
            "^(.+\\.(c|cc|cpp|cxx|h|hpp|m|mm)):(\\d+):(\\d+): (fatal error|error): (.+)$");
    private static final Pattern GUTTER = Pattern.compile("^\\s*\\d+\\s*\\|\\s?");
    private static final Pattern LINK_FILE = Pattern.compile("^([^\\s:]+\\.(c|cc|cpp|cxx|m|mm)):(?:(\\d+):|\\()");
    private static final Pattern DIAG = Pattern.compile("^\\S+:\\d+:(\\d+:)? .*$");

    @Override
    public String name() {
        return "gcc-clang";
    }

    @Override
    public int priority() {
        return 80;
    }

    private static Matcher compile(String l) {
        if (l.contains("error: ")) {
            Matcher m = COMPILE.matcher(l);
            if (m.matches()) {
                return m;
            }
        }
        return null;
    }

    @Override
    public boolean detect(String text) {
        if (text.contains("undefined reference to")) {
            return true;
        }
        if (!text.contains("error: ")) {
            return false;
        }
        for (String l : Lines.split(text)) {
            if (compile(l) != null) {
                return true;
            }
        }
        return false;
    }

    private static String language(String file) {
        if (file == null) {
            return "c";
        }
        return file.endsWith(".c") || file.endsWith(".h") || file.endsWith(".m") ? "c" : "cpp";
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        ParsedError first = null;
        int count = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher c = compile(lines[i]);
            int link = c == null ? lines[i].indexOf("undefined reference to") : -1;
            if (c == null && link < 0) {
                continue;
            }
            count++;
            if (first != null) {
                continue;
            }
            if (c != null) {
                String ctx = null;
                if (i + 1 < lines.length && !DIAG.matcher(lines[i + 1]).matches()) {
                    ctx = GUTTER.matcher(lines[i + 1]).replaceFirst("");
                }
                String file = c.group(1).strip();
                first = ParsedError.of("CCompileError", c.group(6).strip(),
                        List.of(Lines.frame(null, file, Lines.toInt(c.group(3)), Lines.toInt(c.group(4)), ctx)),
                        language(file), name(), 1);
            } else {
                Matcher f = LINK_FILE.matcher(lines[i].strip());
                List<Frame> frames = List.of();
                String file = null;
                if (f.lookingAt()) {
                    file = f.group(1);
                    frames = List.of(Lines.frame(null, file, Lines.toInt(f.group(3)), null, null));
                }
                first = ParsedError.of("LinkError", lines[i].substring(link).strip(), frames, language(file), name(), 1);
            }
        }
        if (first == null) {
            return null;
        }
        return new ParsedError(first.type(), first.message(), first.frames(), first.language(), first.parser(),
                first.sourceFile(), first.sourceLine(), count);
    }
}
