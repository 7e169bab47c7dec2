package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** Go panics: message after {@code panic: }, frames of the first goroutine block (receiver types kept). */
public final class GoPanicParser implements ErrorParser {
    private static final Pattern GOROUTINE = Pattern.compile("^goroutine \\d+ \\[.*");
    private static final Pattern FILE_LINE = Pattern.compile("^\\t(.+):(\\d+)(?: \\+0x[0-9a-fA-F]+)?$");

    @Override
    public String name() {
        return "go-panic";
    }

    @Override
    public int priority() {
        return 90;
    }

    @Override
    public boolean detect(String text) {
        String[] lines = Lines.split(text);
        boolean panic = false;
        boolean goroutine = false;
        for (String l : lines) {
            panic |= l.startsWith("panic: ");
            goroutine |= l.startsWith("goroutine ") && GOROUTINE.matcher(l).matches();
        }
        return panic && goroutine;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        String message = null;
        int panics = 0;
        for (String l : lines) {
            if (l.startsWith("panic: ")) {
                panics++;
                if (message == null) {
                    message = l.substring("panic: ".length()).replace(" [recovered]", "").strip();
                }
            }
        }
        if (message == null) {
            return null;
        }
        int g = Lines.indexOfMatch(lines, GOROUTINE, 0);
        List<Frame> frames = new ArrayList<>();
        if (g >= 0) {
            for (int i = g + 1; i + 1 < lines.length; i++) {
                String fnLine = lines[i];
                if (fnLine.isBlank() || fnLine.startsWith("goroutine ")) {
                    break;
                }
                Matcher fm = FILE_LINE.matcher(lines[i + 1]);
                if (fnLine.startsWith("\t") || !fm.matches()) {
                    continue;
                }
                String fn = fnLine.strip();
                if (fn.startsWith("created by ")) {
                    fn = fn.substring("created by ".length());
                    int in = fn.indexOf(" in goroutine ");
                    if (in > 0) {
                        fn = fn.substring(0, in);
                    }
                } else {
                    fn = stripArgs(fn);
                }
                String file = fm.group(1);
                boolean inApp = Fingerprints.inApp(file, fn) && !fn.startsWith("runtime.") && !fn.equals("panic")
                        && !isGoroot(file);
                frames.add(Lines.frame(fn, file, Lines.toInt(fm.group(2)), null, null, inApp));
                i++;
            }
        }
        return ParsedError.of("GoPanic", message, frames, "go", name(), panics);
    }

    /**
     * Standard library frames: the file lies under a GOROOT ({@code …/go/src/} or Homebrew's {@code …/libexec/src/})
     * and the first package path element has no dot ({@code net/http}, {@code testing}; modules under a GOPATH
     * look like {@code github.com/…}).
     */
    static boolean isGoroot(String file) {
        String f = file.replace('\\', '/');
        for (String root : new String[] { "/go/src/", "/libexec/src/" }) {
            int i = f.indexOf(root);
            if (i >= 0) {
                String rest = f.substring(i + root.length());
                int slash = rest.indexOf('/');
                String first = slash < 0 ? rest : rest.substring(0, slash);
                return slash > 0 && !first.contains(".");
            }
        }
        return false;
    }

    /**
     * Removes the trailing argument list: {@code main.(*Server).Handle(0xc0000, {0x1, 0x2})} → {@code main.(*Server).Handle}.
     */
    static String stripArgs(String fn) {
        if (!fn.endsWith(")")) {
            return fn;
        }
        int depth = 0;
        for (int i = fn.length() - 1; i >= 0; i--) {
            char c = fn.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                depth--;
                if (depth == 0) {
                    return i == 0 ? fn : fn.substring(0, i);
                }
            }
        }
        return fn;
    }
}
