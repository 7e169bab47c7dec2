package dev.brain.error.intake.parser;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import dev.brain.error.intake.Fingerprints;
import dev.brain.error.intake.Frame;
import dev.brain.error.intake.ParsedError;

/** JVM stack traces (Java, Kotlin, Scala): root cause = last {@code Caused by:}, frames of the outermost exception. */
public final class JvmParser implements ErrorParser {
    private static final String THREAD_PREFIX = "Exception in thread \"";
    private static final Pattern CLASS = Pattern.compile("[\\w$.]+");

    @Override
    public String name() {
        return "jvm";
    }

    @Override
    public int priority() {
        return 95;
    }

    @Override
    public boolean detect(String text) {
        for (String l : Lines.split(text)) {
            if ((isFrameLine(l) && !l.isEmpty() && Character.isWhitespace(l.charAt(0))) || isHeader(l)) {
                return true;
            }
        }
        return false;
    }

    /** {@code ^(Exception in thread "[^"]*" )?([\w$]+\.)+[\w$]*(Exception|Error|Throwable)(: .*)?$}, without regex. */
    static boolean isHeader(String line) {
        String s = stripThread(line);
        if (s == null) {
            return false;
        }
        int colon = s.indexOf(": ");
        String cls = colon >= 0 ? s.substring(0, colon) : s;
        if (!(cls.endsWith("Exception") || cls.endsWith("Error") || cls.endsWith("Throwable"))) {
            return false;
        }
        int lastDot = cls.lastIndexOf('.');
        if (lastDot <= 0 || cls.startsWith(".") || cls.contains("..")) {
            return false;
        }
        for (int i = 0; i < cls.length(); i++) {
            char c = cls.charAt(i);
            if (!(c == '.' || c == '$' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9'))) {
                return false;
            }
        }
        return true;
    }

    /** Removes the {@code Exception in thread "x" } prefix; null when the prefix is malformed. */
    private static String stripThread(String line) {
        if (line.startsWith(THREAD_PREFIX)) {
            int q = line.indexOf("\" ", THREAD_PREFIX.length());
            return q < 0 ? null : line.substring(q + 2);
        }
        return line;
    }

    private static boolean isFrameLine(String l) {
        String s = l.strip();
        if (!s.startsWith("at ")) {
            return false;
        }
        int open = s.indexOf('(');
        if (open <= 3) {
            return false;
        }
        for (int i = 3; i < open; i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                return false;
            }
        }
        return s.indexOf(')', open) > 0;
    }

    private static Frame parseFrame(String l) {
        String s = l.strip();
        int open = s.indexOf('(');
        int close = s.indexOf(')', open);
        String name = s.substring(3, open);
        String module = null;
        int slash = name.lastIndexOf('/');
        if (slash >= 0) {
            module = name.substring(0, slash);
            name = name.substring(slash + 1);
        }
        String loc = s.substring(open + 1, close);
        String file = null;
        Integer line = null;
        if (!loc.equals("Native Method") && !loc.equals("Unknown Source") && !loc.isEmpty()) {
            int colon = loc.lastIndexOf(':');
            if (colon > 0) {
                line = Lines.toInt(loc.substring(colon + 1));
                file = line == null ? loc : loc.substring(0, colon);
            } else {
                file = loc;
            }
        }
        String ruleFile = file == null ? null : (module != null && !module.isEmpty() ? module + "/" + file : file);
        boolean inApp = Fingerprints.inApp(ruleFile, name) && !Fingerprints.isRuntimeFunction(name);
        return Lines.frame(name, file, line, null, null, inApp);
    }

    private static String[] typeAndMessage(String header) {
        String s = stripThread(header.strip());
        if (s == null) {
            s = header.strip();
        }
        if (s.startsWith("Caused by: ")) {
            s = s.substring("Caused by: ".length());
        }
        int colon = s.indexOf(':');
        if (colon > 0 && CLASS.matcher(s.substring(0, colon)).matches()) {
            return new String[] { s.substring(0, colon), s.substring(colon + 1).strip() };
        }
        if (CLASS.matcher(s).matches()) {
            return new String[] { s, "" };
        }
        return new String[] { "JvmException", s };
    }

    @Override
    public ParsedError parse(String text) {
        String[] lines = Lines.split(text);
        int firstFrame = -1;
        for (int i = 0; i < lines.length; i++) {
            if (isFrameLine(lines[i])) {
                firstFrame = i;
                break;
            }
        }
        int header = -1;
        int limit = firstFrame < 0 ? lines.length : firstFrame;
        for (int i = 0; i < limit; i++) {
            if (isHeader(lines[i])) {
                header = i;
                break;
            }
        }
        if (header < 0 && firstFrame > 0 && !lines[firstFrame - 1].isBlank()) {
            header = firstFrame - 1;
        }
        if (header < 0) {
            return null;
        }
        List<Frame> frames = new ArrayList<>();
        int i = header + 1;
        for (; i < lines.length; i++) {
            String s = lines[i].strip();
            if (s.startsWith("Caused by:") || s.startsWith("Suppressed:")) {
                break;
            }
            if (isFrameLine(lines[i])) {
                frames.add(parseFrame(lines[i]));
            }
        }
        String root = lines[header];
        int exceptions = 1;
        for (int j = header + 1; j < lines.length; j++) {
            if (lines[j].startsWith("Caused by: ")) {
                root = lines[j];
                exceptions++;
            }
        }
        String[] tm = typeAndMessage(root);
        String language = "java";
        for (Frame f : frames) {
            if (f.inApp()) {
                if (f.file() != null && f.file().endsWith(".kt")) {
                    language = "kotlin";
                } else if (f.file() != null && f.file().endsWith(".scala")) {
                    language = "scala";
                }
                break;
            }
        }
        return ParsedError.of(tm[0], tm[1], frames, language, name(), exceptions);
    }
}
