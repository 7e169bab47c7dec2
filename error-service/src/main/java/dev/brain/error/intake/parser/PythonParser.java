package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** Python tracebacks incl. chained exceptions: type/message of the root cause, frames of the outermost block. */
public final class PythonParser implements ErrorParser {
    static final String HEADER = "Traceback (most recent call last):";
    private static final Pattern FRAME = Pattern.compile("^\\s*File \"([^\"]+)\", line (\\d+)(?:, in (.+))?$");
    private static final Pattern EXC = Pattern.compile("^([A-Za-z_][\\w.]*)(?::\\s?(.*))?$");
    private static final Pattern MARKERS = Pattern.compile("^\\s*[~^]+\\s*$");

    @Override
    public String name() {
        return "python";
    }

    @Override
    public int priority() {
        return 100;
    }

    @Override
    public String header() {
        return HEADER;
    }

    @Override
    public boolean detect(String text) {
        return text.contains(HEADER);
    }

    private record Block(List<Frame> frames, String type, String message) {
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        List<Block> blocks = new ArrayList<>();
        int i = 0;
        while (i < lines.length) {
            if (!lines[i].contains(HEADER)) {
                i++;
                continue;
            }
            i++;
            List<Frame> frames = new ArrayList<>();
            String type = null;
            String message = null;
            while (i < lines.length) {
                String l = lines[i];
                Matcher fm = FRAME.matcher(l);
                if (fm.matches()) {
                    String ctx = null;
                    if (i + 1 < lines.length && !lines[i + 1].isBlank() && Character.isWhitespace(lines[i + 1].charAt(0))
                            && !FRAME.matcher(lines[i + 1]).matches() && !MARKERS.matcher(lines[i + 1]).matches()) {
                        ctx = lines[i + 1].strip();
                        i++;
                    }
                    frames.add(Lines.frame(fm.group(3), fm.group(1), Lines.toInt(fm.group(2)), null, ctx));
                    i++;
                    continue;
                }
                if (!l.isBlank() && !Character.isWhitespace(l.charAt(0))) {
                    if (l.contains(HEADER)) {
                        break;
                    }
                    Matcher em = EXC.matcher(l.strip());
                    if (em.matches()) {
                        type = em.group(1);
                        message = em.group(2) == null ? "" : em.group(2).strip();
                    } else {
                        type = "PythonError";
                        message = l.strip();
                    }
                    i++;
                    break;
                }
                i++;
            }
            blocks.add(new Block(frames, type, message));
        }
        Block root = null;
        int exceptions = 0;
        for (Block b : blocks) {
            if (b.type() != null) {
                exceptions++;
                if (root == null) {
                    root = b;
                }
            }
        }
        if (root == null) {
            return null;
        }
        Block outer = null;
        for (Block b : blocks) {
            if (!b.frames().isEmpty()) {
                outer = b;
            }
        }
        List<Frame> frames = outer == null ? new ArrayList<>() : new ArrayList<>(outer.frames());
        Collections.reverse(frames);
        return ParsedError.of(root.type(), root.message(), frames, "python", name(), exceptions);
    }
}
