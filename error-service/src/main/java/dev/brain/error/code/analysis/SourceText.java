package dev.brain.error.code.analysis;

/** Source text with its comments (python docstrings included) removed, for embedding. */
final class SourceText {

    private SourceText() {
    }

    /** The source without comments, trailing whitespace and blank lines; at most {@code limit} characters. */
    static String withoutComments(LexedSource s, int limit) {
        String src = s.source();
        StringBuilder kept = new StringBuilder();
        int at = 0;
        for (Comment c : s.comments()) {
            if (c.start() >= at) {
                kept.append(src, at, c.start());
                at = c.end();
            }
            if (kept.length() > 2L * limit + 1024) {
                break;
            }
        }
        if (kept.length() <= 2L * limit + 1024) {
            kept.append(src, at, Math.min(src.length(), at + 2 * limit + 1024));
        }
        StringBuilder out = new StringBuilder();
        int start = 0;
        while (start < kept.length() && out.length() < limit) {
            int end = kept.indexOf("\n", start);
            if (end < 0) {
                end = kept.length();
            }
            int trimmed = end;
            while (trimmed > start && Lexer.isSpace(kept.charAt(trimmed - 1))) {
                trimmed--;
            }
            if (trimmed > start && !kept.substring(start, trimmed).isBlank()) {
                if (out.length() > 0) {
                    out.append('\n');
                }
                out.append(kept, start, trimmed);
            }
            start = end + 1;
        }
        return out.length() > limit ? out.substring(0, limit) : out.toString();
    }
}
