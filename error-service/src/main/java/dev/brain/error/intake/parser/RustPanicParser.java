package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** Rust panics, old ({@code panicked at 'msg', file:l:c}) and new ({@code panicked at file:l:c:} + message line) format. */
public final class RustPanicParser implements ErrorParser {
    private static final Pattern PANIC = Pattern.compile("thread '([^'\\n]*)' panicked at ([^\\n]*)");
    private static final Pattern LOCATION = Pattern.compile("^(.+):(\\d+):(\\d+):?$");
    private static final Pattern BT_FRAME = Pattern.compile("^\\s*\\d+: (.+)$");
    private static final Pattern BT_AT = Pattern.compile("^\\s*at (.+):(\\d+):(\\d+)$");
    private static final Pattern HASH = Pattern.compile("::h[0-9a-f]{16}$");

    @Override
    public String name() {
        return "rust-panic";
    }

    @Override
    public int priority() {
        return 90;
    }

    @Override
    public boolean detect(String text) {
        return text.contains("' panicked at") && PANIC.matcher(text).find();
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        int idx = -1;
        Matcher pm = null;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].contains("' panicked at")) {
                Matcher m = PANIC.matcher(lines[i]);
                if (m.find()) {
                    idx = i;
                    pm = m;
                    break;
                }
            }
        }
        if (pm == null) {
            return null;
        }
        String rest = pm.group(2).strip();
        String message;
        String location;
        if (rest.startsWith("'")) {
            int end = rest.lastIndexOf("', ");
            if (end > 0) {
                message = rest.substring(1, end);
                location = rest.substring(end + 3);
            } else {
                // multi-line message: the location follows the closing quote on a later line
                message = rest.substring(1).strip();
                location = "";
                for (int i = idx + 1; i < lines.length && i <= idx + 50; i++) {
                    int q = lines[i].lastIndexOf("', ");
                    if (q >= 0 && LOCATION.matcher(lines[i].substring(q + 3).strip()).matches()) {
                        location = lines[i].substring(q + 3).strip();
                        break;
                    }
                }
            }
        } else {
            location = rest;
            message = idx + 1 < lines.length ? lines[idx + 1].strip() : "";
        }
        String file = null;
        Integer line = null;
        Integer col = null;
        Matcher lm = LOCATION.matcher(location);
        if (lm.matches()) {
            file = lm.group(1);
            line = Lines.toInt(lm.group(2));
            col = Lines.toInt(lm.group(3));
        }
        List<Frame> frames = new ArrayList<>();
        for (int i = idx + 1; i < lines.length; i++) {
            if (!lines[i].strip().equals("stack backtrace:")) {
                continue;
            }
            for (int j = i + 1; j < lines.length; j++) {
                Matcher fm = BT_FRAME.matcher(lines[j]);
                if (!fm.matches()) {
                    if (BT_AT.matcher(lines[j]).matches()) {
                        continue;
                    }
                    break;
                }
                String fn = HASH.matcher(fm.group(1).strip()).replaceAll("");
                String ffile = null;
                Integer fline = null;
                Integer fcol = null;
                if (j + 1 < lines.length) {
                    Matcher am = BT_AT.matcher(lines[j + 1]);
                    if (am.matches()) {
                        ffile = am.group(1);
                        fline = Lines.toInt(am.group(2));
                        fcol = Lines.toInt(am.group(3));
                        j++;
                    }
                }
                boolean inApp = Fingerprints.inApp(ffile, fn) && !isRuntime(fn) && !isCargoDependency(ffile);
                frames.add(Lines.frame(fn, ffile, fline, fcol, null, inApp));
            }
            break;
        }
        if (frames.isEmpty() && file != null) {
            frames.add(Lines.frame(null, file, line, col, null));
        }
        int panics = 0;
        for (String l : lines) {
            if (l.contains("' panicked at")) {
                panics++;
            }
        }
        return ParsedError.of("RustPanic", message, frames, "rust", name(), panics);
    }

    /** Crates from the cargo registry or git checkouts ({@code ~/.cargo/registry/…}, {@code ~/.cargo/git/…}). */
    private static boolean isCargoDependency(String file) {
        if (file == null) {
            return false;
        }
        String f = file.replace('\\', '/');
        return f.contains("/.cargo/registry/") || f.contains("/.cargo/git/");
    }

    private static boolean isRuntime(String fn) {
        return fn.startsWith("rust_begin_unwind") || fn.startsWith("__rust") || fn.startsWith("<std::")
                || fn.startsWith("<core::") || fn.startsWith("<alloc::");
    }
}
