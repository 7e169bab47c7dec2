package dev.brain.error.intake;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets by {@code <REDACTED:kind>} (kinds listed in docs/errors.md). Every pattern starts at a
 * position that cannot continue the previous token (negative look-behind) and uses possessive/bounded quantifiers,
 * so matching is linear in the input.
 */
public final class Redactor {
    private record Rule(Pattern pattern, String replacement) {
    }

    private static final String T = "[A-Za-z0-9_-]";
    private static final List<Rule> RULES = List.of(
            // scheme://user:password@host -> keep user and host
            new Rule(
                    Pattern.compile(
                            "(?<![A-Za-z0-9+.-])([A-Za-z][A-Za-z0-9+.-]{0,31}://[^\\s:/@'\"<>]{1,256}):[^\\s@/'\"<>]++@"),
                    "$1:<REDACTED:password>@"),
            new Rule(Pattern.compile("(?<!" + T + ")eyJ" + T + "++\\.eyJ" + T + "++\\." + T + "++"), "<REDACTED:jwt>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])"), "<REDACTED:aws_access_key>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_])(?:gh[pousr]_[A-Za-z0-9]{20,}+|github_pat_[A-Za-z0-9_]{20,}+)"),
                    "<REDACTED:github_token>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_])glpat-[A-Za-z0-9_-]{20,}+"), "<REDACTED:gitlab_token>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_])xox[baprs]-[A-Za-z0-9-]{10,}+"), "<REDACTED:slack_token>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_])npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"), "<REDACTED:npm_token>"),
            new Rule(Pattern.compile("(?<![A-Za-z0-9_])([Bb]earer)[ \\t]++(?!<REDACTED:)[A-Za-z0-9._~+/=-]{16,}+"),
                    "$1 <REDACTED:bearer_token>"));
    /** {@code KEY=value}, {@code KEY: value}, {@code export KEY=value} with a secret-like name: the value is redacted. */
    private static final Pattern KEY_VALUE = Pattern.compile(
            "(?im)^([ \\t]*+(?:export[ \\t]{1,8})?[\"']?[A-Za-z0-9_.-]{0,64}"
                    + "(?:SECRET|TOKEN|PASSWORD|PASSWD|API_KEY|PRIVATE)[A-Za-z0-9_.-]{0,64}(?<!(?i:error|exception|warning))[\"']?[ \\t]{0,8}[=:][ \\t]{0,8})"
                    + "([^\\n]+)$");
    /** An inline {@code NAME=value} (e.g. in a command line or a sentence) with a secret-like name. */
    private static final Pattern INLINE_KEY_VALUE = Pattern.compile(
            "(?i)(?<![A-Za-z0-9_])([A-Za-z0-9_]{0,64}(?:SECRET|TOKEN|PASSWORD|PASSWD|API_KEY|PRIVATE)[A-Za-z0-9_]{0,64}=)"
                    + "(?!<REDACTED:)([^\\s'\"&;|]++)");
    private static final Pattern ALREADY = Pattern.compile("[\"']?<REDACTED:[a-z_]+>[\"']?,?");

    private Redactor() {
    }

    public static String redact(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        String t = redactOrphanPemEnd(redactPem(s));
        for (Rule r : RULES) {
            t = r.pattern().matcher(t).replaceAll(r.replacement());
        }
        return redactKeyValues(t);
    }

    private static String redactPem(String s) {
        int begin = s.indexOf("-----BEGIN ");
        if (begin < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        int last = 0;
        while (begin >= 0) {
            int headerEnd = s.indexOf("-----", begin + 11);
            if (headerEnd < 0 || lineBreakIn(s, begin, headerEnd)) {
                begin = s.indexOf("-----BEGIN ", begin + 11);
                continue;
            }
            String label = s.substring(begin + 11, headerEnd);
            if (!label.endsWith("PRIVATE KEY")) {
                begin = s.indexOf("-----BEGIN ", headerEnd);
                continue;
            }
            int end = s.indexOf("-----END ", headerEnd + 5);
            int stop;
            if (end < 0) {
                stop = s.length();
            } else {
                int close = s.indexOf("-----", end + 9);
                if (close >= 0 && !lineBreakIn(s, end, close)) {
                    stop = close + 5;
                } else {
                    int endLine = s.indexOf('\n', end);
                    stop = endLine < 0 ? s.length() : endLine;
                }
            }
            sb.append(s, last, begin).append("<REDACTED:private_key>");
            last = stop;
            begin = s.indexOf("-----BEGIN ", stop);
        }
        sb.append(s, last, s.length());
        return sb.toString();
    }

    /**
     * The end of a private key whose {@code -----BEGIN} line is gone — the intake keeps only the last 512 KiB of a
     * long output, which may start inside a key: an {@code -----END … PRIVATE KEY-----} that no BEGIN opened is
     * redacted together with the base64 lines right above it.
     */
    private static String redactOrphanPemEnd(String s) {
        int end = s.indexOf("-----END ");
        if (end < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length());
        int last = 0;
        while (end >= 0) {
            int close = s.indexOf("-----", end + 9);
            if (close < 0 || lineBreakIn(s, end, close) || !s.startsWith("PRIVATE KEY", close - 11)) {
                end = s.indexOf("-----END ", end + 9);
                continue;
            }
            int lineStart = Math.max(last, s.lastIndexOf('\n', end - 1) + 1);
            int start = isBase64(s, lineStart, end) ? lineStart : end;
            while (start == lineStart && start > last && start > 0) {
                int previous = Math.max(last, s.lastIndexOf('\n', start - 2) + 1);
                if (previous >= start - 1 || !isBase64(s, previous, start - 1)) {
                    break;
                }
                start = previous;
                lineStart = previous;
            }
            sb.append(s, last, start).append("<REDACTED:private_key>");
            last = close + 5;
            end = s.indexOf("-----END ", last);
        }
        sb.append(s, last, s.length());
        return sb.toString();
    }

    /**
     * True when {@code s[from, to)} holds a line break. Markers are checked this way, not by searching the next line
     * break, which on text without one would scan to the end for every marker (quadratic).
     */
    private static boolean lineBreakIn(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (s.charAt(i) == '\n') {
                return true;
            }
        }
        return false;
    }

    /** True when {@code s[from, to)} holds only base64 characters (an empty range counts). */
    private static boolean isBase64(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/'
                    || c == '=')) {
                return false;
            }
        }
        return true;
    }

    private static String redactKeyValues(String s) {
        String upper = null;
        // cheap pre-check
        for (String k : new String[] { "SECRET", "TOKEN", "PASSWORD", "PASSWD", "API_KEY", "PRIVATE" }) {
            if (containsIgnoreCase(s, k)) {
                upper = k;
                break;
            }
        }
        if (upper == null) {
            return s;
        }
        Matcher m = KEY_VALUE.matcher(s);
        StringBuilder sb = new StringBuilder(s.length());
        while (m.find()) {
            String value = m.group(2);
            if (value.isBlank() || ALREADY.matcher(value.trim()).matches()) {
                m.appendReplacement(sb, Matcher.quoteReplacement(m.group()));
            } else {
                m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + "<REDACTED:secret>"));
            }
        }
        m.appendTail(sb);
        return INLINE_KEY_VALUE.matcher(sb).replaceAll("$1<REDACTED:secret>");
    }

    private static boolean containsIgnoreCase(String s, String k) {
        int n = k.length();
        for (int i = 0; i + n <= s.length(); i++) {
            if (s.regionMatches(true, i, k, 0, n)) {
                return true;
            }
        }
        return false;
    }
}
