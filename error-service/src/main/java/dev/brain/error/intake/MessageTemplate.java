package dev.brain.error.intake;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Spec §5.3 message templating. Rules 4, 5, 6 and 12 contain repeated groups, which {@code java.util.regex} matches
 * recursively (stack overflow on long inputs); they are implemented as equivalent linear scanners. So is rule 2: the
 * regex tries every start in a long dotted run ({@code a.a.a.…}) and reads to the run's end each time, which made
 * templating 8 KiB of such text cost ~300 ms.
 */
public final class MessageTemplate {
    /** Input beyond this many chars is not templated (the result is cut to 1,000 code points anyway). */
    static final int MAX_INPUT = 8192;
    static final int MAX_OUTPUT = 1000;
    private static final char PUA_FIRST = '\uE000';
    private static final char PUA_LAST = '\uF8FF';

    private static final Pattern WS = Pattern.compile("\\s+");
    private static final Pattern QUOTED = Pattern.compile("'([^\\s']{1,100})'|\"([^\\s\"]{1,100})\"|`([^\\s`]{1,100})`");
    private static final Pattern IDENT = Pattern.compile(
            "^(@[A-Za-z0-9_.-]+/)?[A-Za-z_$][A-Za-z0-9_$.:<>\\[\\]()&*,-]{0,99}$");
    private static final Pattern DIGITS4 = Pattern.compile("\\d{4}");
    private static final Pattern HEXRUN = Pattern.compile("(?i)(?=[0-9a-f]*\\d)[0-9a-f]{8,}");

    private static final Pattern UUID = Pattern.compile(
            "(?i)\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b");
    private static final Pattern WORD_BOUNDARY = Pattern.compile("\\b");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "\\b\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}(:\\d{2}([.,]\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?");
    private static final Pattern WIN_START = Pattern.compile("(?i)(?<![A-Za-z0-9_])[a-z]:[\\\\/]");
    private static final Pattern UNIX_START = Pattern.compile("(?<![\\w.<>/-])(~|\\.{1,2})?/");
    private static final Pattern REL_LOOKAHEAD = Pattern.compile("[\\w.@-]+\\.[A-Za-z0-9]{1,10}\\b");
    private static final Pattern IPV4 = Pattern.compile("\\b(\\d{1,3}\\.){3}\\d{1,3}\\b");
    private static final Pattern LINE_COL = Pattern.compile("(\\.[A-Za-z0-9]{1,10}):\\d+:\\d+\\b");
    private static final Pattern LINE_ONLY = Pattern.compile("(\\.[A-Za-z0-9]{1,10}):\\d+\\b");
    private static final Pattern LINE_PAREN = Pattern.compile("(\\.[A-Za-z0-9]{1,10})\\(\\d+,\\d+\\)");
    private static final Pattern LINE_WORD = Pattern.compile("(?i)\\bline \\d+");
    private static final Pattern ADDR = Pattern.compile("(?i)\\b0x[0-9a-f]+\\b");
    private static final Pattern HEX = Pattern.compile("(?i)\\b(?=[0-9a-f]*\\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\\b");

    private MessageTemplate() {
    }

    public static String template(String message) {
        if (message == null) {
            return "";
        }
        String s = message.length() > MAX_INPUT ? message.substring(0, MAX_INPUT) : message;
        // private-use chars are our placeholders: neutralize any already present
        s = replacePua(s);
        // 1. collapse whitespace
        s = WS.matcher(s).replaceAll(" ").trim();
        // 2. protect quoted identifiers
        List<String> protectedSegments = new ArrayList<>();
        s = protect(s, protectedSegments);
        // 3. rules in order
        s = UUID.matcher(s).replaceAll("<UUID>");
        s = urls(s);
        s = TIMESTAMP.matcher(s).replaceAll("<TIMESTAMP>");
        s = windowsDirs(s);
        s = unixDirs(s);
        s = relativeDirs(s);
        s = IPV4.matcher(s).replaceAll("<IP>");
        s = LINE_COL.matcher(s).replaceAll("$1:<LINE>:<COL>");
        s = LINE_ONLY.matcher(s).replaceAll("$1:<LINE>");
        s = LINE_PAREN.matcher(s).replaceAll("$1(<LINE>,<COL>)");
        s = LINE_WORD.matcher(s).replaceAll("line <LINE>");
        s = ADDR.matcher(s).replaceAll("<ADDR>");
        s = HEX.matcher(s).replaceAll("<HEX>");
        s = numbers(s);
        // 4. restore, cut
        s = restore(s, protectedSegments);
        return cut(s, MAX_OUTPUT);
    }

    private static String replacePua(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= PUA_FIRST && c <= PUA_LAST) {
                if (sb == null) {
                    sb = new StringBuilder(s.length()).append(s, 0, i);
                }
                sb.append('\uFFFD');
            } else if (sb != null) {
                sb.append(c);
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static String protect(String s, List<String> segs) {
        Matcher m = QUOTED.matcher(s);
        StringBuilder sb = new StringBuilder(s.length());
        int last = 0;
        while (m.find()) {
            String x = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            if (segs.size() < PUA_LAST - PUA_FIRST + 1 && IDENT.matcher(x).matches() && !DIGITS4.matcher(x).find()
                    && !HEXRUN.matcher(x).find()) {
                sb.append(s, last, m.start()).append((char) (PUA_FIRST + segs.size()));
                segs.add(m.group());
                last = m.end();
            }
        }
        if (segs.isEmpty()) {
            return s;
        }
        sb.append(s, last, s.length());
        return sb.toString();
    }

    private static String restore(String s, List<String> segs) {
        if (segs.isEmpty()) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 64);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            int idx = c - PUA_FIRST;
            if (idx >= 0 && idx < segs.size()) {
                sb.append(segs.get(idx));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static String cut(String s, int codePoints) {
        if (s.codePointCount(0, s.length()) <= codePoints) {
            return s;
        }
        return s.substring(0, s.offsetByCodePoints(0, codePoints));
    }

    /** Rule 4: {@code (?i)(?<![A-Za-z0-9_])[a-z]:[\\/]([^\s'"<>|:*?\\/]+[\\/])*}. */
    private static String windowsDirs(String s) {
        return dirs(s, WIN_START, "\\/", " \t\n\u000B\f\r'\"<>|:*?");
    }

    /** Rule 5: {@code (?<![\w.<>/-])(~|\.{1,2})?/([^\s'"<>():,;\[\]{}/]+/)*}. */
    private static String unixDirs(String s) {
        return dirs(s, UNIX_START, "/", " \t\n\u000B\f\r'\"<>():,;[]{}");
    }

    private static String dirs(String s, Pattern start, String seps, String stops) {
        Matcher m = start.matcher(s);
        StringBuilder sb = null;
        int last = 0;
        int from = 0;
        while (from <= s.length() && m.find(from)) {
            int end = m.end();
            // ([^stops seps]+[seps])*
            while (true) {
                int j = end;
                while (j < s.length() && stops.indexOf(s.charAt(j)) < 0 && seps.indexOf(s.charAt(j)) < 0) {
                    j++;
                }
                if (j > end && j < s.length() && seps.indexOf(s.charAt(j)) >= 0) {
                    end = j + 1;
                } else {
                    break;
                }
            }
            if (sb == null) {
                sb = new StringBuilder(s.length());
            }
            sb.append(s, last, m.start()).append("<PATH>/");
            last = end;
            from = end == m.start() ? end + 1 : end;
        }
        if (sb == null) {
            return s;
        }
        sb.append(s, last, s.length());
        return sb.toString();
    }

    /**
     * Rule 2: {@code (?i)\\b[a-z][a-z0-9+.-]*://[^\\s'"<>)\\]]+} → {@code <URL>}. A scheme ends where its run of
     * {@code [a-z0-9+.-]} ends, so a match belongs to one {@code ://}: it starts at the leftmost ASCII letter after a word
     * boundary in the run before it (not before the previous match's end), and needs at least one address character.
     */
    static String urls(String s) {
        int c = s.indexOf("://");
        if (c < 0) {
            return s;
        }
        Matcher boundary = WORD_BOUNDARY.matcher(s);
        boundary.useTransparentBounds(true);
        boundary.useAnchoringBounds(false);
        int n = s.length();
        StringBuilder sb = null;
        int last = 0;
        while (c >= 0) {
            int runStart = c;
            while (runStart > last && isSchemeChar(s.charAt(runStart - 1))) {
                runStart--;
            }
            int start = -1;
            for (int q = runStart; q < c && start < 0; q++) {
                char ch = s.charAt(q);
                if (((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) && boundary.region(q, n).lookingAt()) {
                    start = q;
                }
            }
            int end = c + 3;
            if (start >= 0) {
                while (end < n && " \t\n\u000B\f\r'\"<>)]".indexOf(s.charAt(end)) < 0) {
                    end++;
                }
            }
            if (start >= 0 && end > c + 3) {
                if (sb == null) {
                    sb = new StringBuilder(n);
                }
                sb.append(s, last, start).append("<URL>");
                last = end;
                c = s.indexOf("://", end);
            } else {
                c = s.indexOf("://", c + 1);
            }
        }
        if (sb == null) {
            return s;
        }
        sb.append(s, last, n);
        return sb.toString();
    }

    private static boolean isSchemeChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '.' || c == '-';
    }

    private static boolean relWord(char c) {
        return c == '.' || c == '-' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Rule 6: {@code (?<![\w/<>.-])([\w.-]+/)+(?=[\w.@-]+\.[A-Za-z0-9]{1,10}\b)}. */
    private static String relativeDirs(String s) {
        if (s.indexOf('/') < 0) {
            return s;
        }
        Matcher look = REL_LOOKAHEAD.matcher(s);
        look.useTransparentBounds(true);
        look.useAnchoringBounds(false);
        StringBuilder sb = null;
        int last = 0;
        int n = s.length();
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            boolean canStart = relWord(c) && (i == 0 || !(relWord(s.charAt(i - 1)) || "/<>".indexOf(s.charAt(i - 1)) >= 0));
            if (!canStart) {
                i++;
                continue;
            }
            List<Integer> bounds = new ArrayList<>();
            int p = i;
            while (true) {
                int j = p;
                while (j < n && relWord(s.charAt(j))) {
                    j++;
                }
                if (j > p && j < n && s.charAt(j) == '/') {
                    p = j + 1;
                    bounds.add(p);
                } else {
                    break;
                }
            }
            int matchEnd = -1;
            for (int k = bounds.size() - 1; k >= 0; k--) {
                int b = bounds.get(k);
                look.region(b, n);
                if (look.lookingAt()) {
                    matchEnd = b;
                    break;
                }
            }
            if (matchEnd > 0) {
                if (sb == null) {
                    sb = new StringBuilder(n);
                }
                sb.append(s, last, i).append("<PATH>/");
                last = matchEnd;
                i = matchEnd;
            } else {
                i = Math.max(i + 1, p);
            }
        }
        if (sb == null) {
            return s;
        }
        sb.append(s, last, n);
        return sb.toString();
    }

    private static boolean isAsciiWord(char c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }

    /** Java 17 {@code \b} word test. */
    private static boolean isBoundWord(char c) {
        return c == '_' || Character.isLetterOrDigit(c);
    }

    /** Rule 12: {@code (?<![\w.])\d+(\.\d+)*\b}, not directly after {@code <IP>:} or {@code localhost:}. */
    private static String numbers(String s) {
        int n = s.length();
        StringBuilder sb = null;
        int last = 0;
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9') || (i > 0 && (isAsciiWord(s.charAt(i - 1)) || s.charAt(i - 1) == '.'))
                    || s.startsWith("<IP>:", i - 5) || s.startsWith("localhost:", i - 10)) {
                i++;
                continue;
            }
            int j = i;
            while (j < n && isDigit(s.charAt(j))) {
                j++;
            }
            int best = (j == n || !isBoundWord(s.charAt(j))) ? j : -1;
            while (j + 1 < n && s.charAt(j) == '.' && isDigit(s.charAt(j + 1))) {
                j++;
                while (j < n && isDigit(s.charAt(j))) {
                    j++;
                }
                if (j == n || !isBoundWord(s.charAt(j))) {
                    best = j;
                }
            }
            if (best > 0) {
                if (sb == null) {
                    sb = new StringBuilder(n);
                }
                sb.append(s, last, i).append("<NUM>");
                last = best;
                i = best;
            } else {
                i = j;
            }
        }
        if (sb == null) {
            return s;
        }
        sb.append(s, last, n);
        return sb.toString();
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
