package dev.brain.error.intake;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** Spec §5.1: cleaning (NUL, ANSI/OSC escapes, line ends), truncation over 1 MiB, empty check. */
public final class InputNormalizer {
    public static final int MAX_BYTES = 1024 * 1024;
    public static final int HALF_BYTES = 512 * 1024;

    private static final Pattern OSC = Pattern.compile("\\x1B\\][^\\x07\\x1B]*(?:\\x07|\\x1B\\\\)");
    private static final Pattern CSI = Pattern.compile("\\x1B\\[[0-9;?]*[ -/]*[@-~]");

    private InputNormalizer() {
    }

    public static NormalizedOutput normalize(String raw) {
        if (raw == null) {
            throw new IllegalArgumentException("raw_output is empty");
        }
        String text = clean(raw);
        if (text.isBlank()) {
            // before truncation: the marker would make an all-blank output over 1 MiB look like an error
            throw new IllegalArgumentException("raw_output is empty");
        }
        long truncated = 0;
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (bytes.length > MAX_BYTES) {
            int headEnd = cutBackToLine(bytes, 0, HALF_BYTES);
            long estimate = bytes.length - (long) MAX_BYTES + 2;
            int markerLen = marker(Math.max(estimate, bytes.length - headEnd)).getBytes(StandardCharsets.UTF_8).length + 1;
            int tailStart = tailStart(bytes, bytes.length - (HALF_BYTES - markerLen), headEnd);
            truncated = (long) tailStart - headEnd;
            StringBuilder sb = new StringBuilder();
            String head = new String(bytes, 0, headEnd, StandardCharsets.UTF_8);
            sb.append(head);
            if (!head.isEmpty() && !head.endsWith("\n")) {
                sb.append('\n');
            }
            sb.append(marker(truncated)).append('\n');
            sb.append(new String(bytes, tailStart, bytes.length - tailStart, StandardCharsets.UTF_8));
            text = sb.toString();
        }
        if (text.isBlank()) {
            throw new IllegalArgumentException("raw_output is empty");
        }
        return new NormalizedOutput(text, truncated);
    }

    static String marker(long n) {
        return "\u2026[truncated " + n + " bytes]\u2026";
    }

    /** End index (exclusive) of the head: the last line end within the first {@code limit} bytes. */
    private static int cutBackToLine(byte[] b, int from, int limit) {
        int end = Math.min(b.length, from + limit);
        for (int i = end - 1; i >= from; i--) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        // no line boundary: cut at a character boundary
        while (end > from && end < b.length && (b[end] & 0xC0) == 0x80) {
            end--;
        }
        return end;
    }

    /** Start index of the tail: the first line start at or after {@code start}. */
    private static int tailStart(byte[] b, int start, int min) {
        start = Math.max(start, min);
        if (start > 0 && b[start - 1] == '\n') {
            return start;
        }
        for (int i = start; i < b.length; i++) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        while (start < b.length && (b[start] & 0xC0) == 0x80) {
            start++;
        }
        return start;
    }

    /** Strips NUL, ANSI CSI and OSC escapes, converts CRLF/CR to LF and replaces unpaired surrogates by U+FFFD. */
    public static String clean(String s) {
        if (s == null) {
            return null;
        }
        StringBuilder sb = null;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            boolean bad = c == 0 || c == '\r' || Character.isSurrogate(c);
            if (bad) {
                sb = new StringBuilder(n);
                break;
            }
        }
        String t = s;
        if (sb != null) {
            for (int i = 0; i < n; i++) {
                char c = s.charAt(i);
                if (c == 0) {
                    continue;
                }
                if (c == '\r') {
                    sb.append('\n');
                    if (i + 1 < n && s.charAt(i + 1) == '\n') {
                        i++;
                    }
                } else if (Character.isHighSurrogate(c)) {
                    if (i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        sb.append(c).append(s.charAt(++i));
                    } else {
                        sb.append('\uFFFD');
                    }
                } else if (Character.isLowSurrogate(c)) {
                    sb.append('\uFFFD');
                } else {
                    sb.append(c);
                }
            }
            t = sb.toString();
        }
        if (t.indexOf('\u001B') >= 0) {
            t = OSC.matcher(t).replaceAll("");
            t = CSI.matcher(t).replaceAll("");
        }
        return t;
    }
}
