package dev.brain.error.code.analysis;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Raw hash, structural fingerprint and shape sketch of error-code.md §9.6. */
final class Fingerprints {

    static final int SKETCH_SIZE = 64;
    private static final int FNV_OFFSET = 0x811c9dc5;
    private static final int FNV_PRIME = 0x01000193;
    private static final byte SPACE = ' ';

    private Fingerprints() {
    }

    static Fingerprint of(LexedSource lexed, Set<String> importedNames) {
        List<String> tokens = structuralTokens(lexed, importedNames);
        byte[][] bytes = utf8(tokens);
        return new Fingerprint(rawHash(lexed.source()), sha256(bytes), sketch(bytes));
    }

    /**
     * SHA-256 of the source with LF line ends, trailing whitespace removed from every line, and leading and trailing
     * blank lines removed.
     */
    static String rawHash(String source) {
        List<String> lines = new ArrayList<>();
        int start = 0;
        int n = source.length();
        while (start <= n) {
            int end = start;
            while (end < n && source.charAt(end) != '\n' && source.charAt(end) != '\r') {
                end++;
            }
            int trimmed = end;
            while (trimmed > start && Lexer.isSpace(source.charAt(trimmed - 1))) {
                trimmed--;
            }
            lines.add(source.substring(start, trimmed));
            if (end >= n) {
                break;
            }
            start = source.charAt(end) == '\r' && end + 1 < n && source.charAt(end + 1) == '\n' ? end + 2 : end + 1;
        }
        int first = 0;
        int last = lines.size() - 1;
        while (first <= last && lines.get(first).isEmpty()) {
            first++;
        }
        while (last >= first && lines.get(last).isEmpty()) {
            last--;
        }
        MessageDigest digest = sha256();
        for (int i = first; i <= last; i++) {
            if (i > first) {
                digest.update((byte) '\n');
            }
            digest.update(lines.get(i).getBytes(StandardCharsets.UTF_8));
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /**
     * Tokens with strings as {@code <STR>}, numbers as {@code <NUM>}, and identifiers kept when they are keywords or
     * literals of the language, imported names, or member names after {@code .} (not after {@code ..} or
     * {@code ...}); otherwise {@code <CLASS>} (upper-case start) or {@code <VAR>}.
     */
    static List<String> structuralTokens(LexedSource lexed, Set<String> importedNames) {
        List<Token> tokens = lexed.tokens();
        List<String> out = new ArrayList<>(tokens.size());
        String language = lexed.language();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            out.add(switch (t.kind()) {
                case STRING -> "<STR>";
                case NUMBER -> "<NUM>";
                case PUNCT -> t.text();
                case IDENT -> {
                    String word = t.text();
                    if (Languages.isKeyword(language, word) || importedNames.contains(word)
                            || memberAccess(tokens, i)) {
                        yield word;
                    }
                    char c = word.charAt(0);
                    yield c >= 'A' && c <= 'Z' ? "<CLASS>" : "<VAR>";
                }
            });
        }
        return out;
    }

    /** Token i follows a {@code .} — but not the spread/range {@code ...}/{@code ..}, which binds a local name. */
    private static boolean memberAccess(List<Token> tokens, int i) {
        return i > 0 && tokens.get(i - 1).isPunct(".") && !(i > 1 && tokens.get(i - 2).isPunct(".")
                && tokens.get(i - 2).end() == tokens.get(i - 1).start());
    }

    /** SHA-256 of the tokens joined by a space, fed in one buffer. */
    private static String sha256(byte[][] tokens) {
        int length = Math.max(0, tokens.length - 1);
        for (byte[] t : tokens) {
            length += t.length;
        }
        byte[] joined = new byte[length];
        int at = 0;
        for (int i = 0; i < tokens.length; i++) {
            if (i > 0) {
                joined[at++] = SPACE;
            }
            System.arraycopy(tokens[i], 0, joined, at, tokens[i].length);
            at += tokens[i].length;
        }
        return HexFormat.of().formatHex(sha256().digest(joined));
    }

    /**
     * The 64 smallest distinct FNV-1a-32 values (unsigned) of the token 4-grams joined by a space, ascending; fewer
     * than four tokens make one gram of the whole sequence; no tokens, no values.
     */
    static long[] sketch(List<String> tokens) {
        return sketch(utf8(tokens));
    }

    private static long[] sketch(byte[][] bytes) {
        if (bytes.length == 0) {
            return new long[0];
        }
        int gram = Math.min(4, bytes.length);
        long[] values = new long[bytes.length - gram + 1];
        for (int i = 0; i < values.length; i++) {
            int h = FNV_OFFSET;
            for (int k = 0; k < gram; k++) {
                if (k > 0) {
                    h = (h ^ SPACE) * FNV_PRIME;
                }
                for (byte b : bytes[i + k]) {
                    h = (h ^ (b & 0xff)) * FNV_PRIME;
                }
            }
            values[i] = h & 0xffffffffL;
        }
        Arrays.sort(values);
        long[] smallest = new long[Math.min(SKETCH_SIZE, values.length)];
        int count = 0;
        for (int i = 0; i < values.length && count < smallest.length; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                smallest[count++] = values[i];
            }
        }
        return Arrays.copyOf(smallest, count);
    }

    /** UTF-8 of every token; repeated tokens ({@code <VAR>}, punctuation, keywords) share one array. */
    private static byte[][] utf8(List<String> tokens) {
        Map<String, byte[]> seen = new HashMap<>();
        byte[][] bytes = new byte[tokens.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = seen.computeIfAbsent(tokens.get(i), t -> t.getBytes(StandardCharsets.UTF_8));
        }
        return bytes;
    }

    /** shape(A, B) = |S ∩ A ∩ B| / |S|, S = the 64 smallest distinct values of A ∪ B. */
    static double shape(long[] a, long[] b) {
        long[] x = distinctSorted(a);
        long[] y = distinctSorted(b);
        int i = 0;
        int j = 0;
        int taken = 0;
        int shared = 0;
        while (taken < SKETCH_SIZE && (i < x.length || j < y.length)) {
            if (j >= y.length || i < x.length && x[i] < y[j]) {
                i++;
            } else if (i >= x.length || y[j] < x[i]) {
                j++;
            } else {
                shared++;
                i++;
                j++;
            }
            taken++;
        }
        return taken == 0 ? 0.0 : (double) shared / taken;
    }

    private static long[] distinctSorted(long[] values) {
        if (values == null) {
            return new long[0];
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int count = 0;
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                sorted[count++] = sorted[i];
            }
        }
        return Arrays.copyOf(sorted, count);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
