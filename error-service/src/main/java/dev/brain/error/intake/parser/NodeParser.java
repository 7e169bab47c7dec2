package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** Node.js / V8 errors: header {@code Name[ [CODE]]: text} nearest above the first {@code at} frame. */
public final class NodeParser implements ErrorParser {
    private static final Pattern FRAME = Pattern.compile("^\\s+at .+:\\d+:\\d+\\)?$");
    private static final Pattern HEADER = Pattern.compile("^([A-Za-z_$][\\w$]*)(\\s*\\[([A-Z0-9_]+)\\])?: (.*)$");
    private static final Pattern LOCATION = Pattern.compile("^(.*):(\\d+):(\\d+)$");

    @Override
    public String name() {
        return "node";
    }

    @Override
    public int priority() {
        return 85;
    }

    /** V8 prints {@code at fn (file:l:c) {} when the error carries extra properties: the brace is ignored. */
    private static String dropBrace(String l) {
        String s = l.stripTrailing();
        return s.endsWith(" {") ? s.substring(0, s.length() - 2) : s;
    }

    private static boolean isFrame(String l) {
        return l.contains("at ") && FRAME.matcher(dropBrace(l)).matches();
    }

    private static boolean isAtLine(String l) {
        return l.stripLeading().startsWith("at ") && !l.isEmpty() && Character.isWhitespace(l.charAt(0));
    }

    @Override
    public boolean detect(String text) {
        String[] lines = Lines.split(text);
        boolean frame = false;
        boolean header = false;
        for (String l : lines) {
            frame |= !frame && isFrame(l);
            header |= !header && l.contains(": ") && HEADER.matcher(l).matches();
            if (frame && header) {
                return true;
            }
        }
        return false;
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        int first = -1;
        for (int i = 0; i < lines.length; i++) {
            if (isFrame(lines[i])) {
                first = i;
                break;
            }
        }
        if (first < 0) {
            return null;
        }
        Matcher header = null;
        for (int i = first - 1; i >= 0; i--) {
            Matcher m = HEADER.matcher(lines[i]);
            if (m.matches()) {
                header = m;
                break;
            }
        }
        if (header == null) {
            return null;
        }
        List<Frame> frames = new ArrayList<>();
        for (int i = first; i < lines.length && isAtLine(lines[i]); i++) {
            Frame f = parseFrame(lines[i]);
            if (f != null) {
                frames.add(f);
            }
        }
        String type = header.group(1) + (header.group(3) != null ? "[" + header.group(3) + "]" : "");
        int count = 0;
        for (int i = 0; i < lines.length; i++) {
            if (i + 1 < lines.length && isFrame(lines[i + 1]) && !isAtLine(lines[i])) {
                count++;
            }
        }
        return ParsedError.of(type, header.group(4).strip(), frames, "javascript", name(), count);
    }

    static Frame parseFrame(String l) {
        String s = dropBrace(l).strip().substring(3).strip();
        String fn = null;
        String loc = s;
        if (s.endsWith(")")) {
            int open = s.indexOf(" (");
            if (open > 0) {
                fn = s.substring(0, open);
                loc = s.substring(open + 2, s.length() - 1);
            } else if (s.startsWith("(")) {
                loc = s.substring(1, s.length() - 1);
            }
        }
        Matcher m = LOCATION.matcher(loc);
        if (!m.matches()) {
            return null;
        }
        if (fn != null) {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (String p : new String[] { "async ", "new " }) {
                    if (fn.startsWith(p)) {
                        fn = fn.substring(p.length()).strip();
                        changed = true;
                    }
                }
            }
        }
        return Lines.frame(fn, m.group(1), Lines.toInt(m.group(2)), Lines.toInt(m.group(3)), null);
    }
}
