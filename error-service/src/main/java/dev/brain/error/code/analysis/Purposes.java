package dev.brain.error.code.analysis;

import java.util.List;

/** Default purposes (error-code.md §9.5): the first sentence of the doc comment, else the name as words. */
final class Purposes {

    private static final int MAX_COMMENT = 4000;
    private static final int MAX_PURPOSE = 300;

    private Purposes() {
    }

    /** The purpose of a module named {@code name} whose doc comment is {@code doc} (may be null). */
    static String purpose(LexedSource s, Comment doc, String name) {
        String sentence = doc == null ? null : firstSentence(s.source(), doc);
        return sentence != null ? sentence : NameTokens.words(name);
    }

    /**
     * The doc comment of a declaration starting at {@code start}: python — the docstring right after its header;
     * others — the doc comment closest above it (go: the comment lines directly above), annotations in between
     * allowed.
     */
    static Comment docOf(LexedSource s, int start, int end) {
        if (start < 0) {
            return null;
        }
        if (Languages.PYTHON.equals(s.language())) {
            int first = Extents.tokenAt(s, start);
            int level = first < s.size() ? s.bracketDepth(first) : 0;
            int colon = -1;
            for (int k = first; k < s.size() && s.token(k).start() < end; k++) {
                if (s.is(k, ":") && s.bracketDepth(k) == level) {
                    colon = k;
                    break;
                }
            }
            if (colon < 0) {
                return null;
            }
            int after = s.token(colon).end();
            int next = colon + 1 < s.size() ? s.token(colon + 1).start() : s.source().length();
            List<Comment> comments = s.comments();
            for (int k = firstStartingAt(comments, after); k < comments.size() && comments.get(k).start() < next; k++) {
                if (comments.get(k).kind() == Comment.Kind.DOC) {
                    return comments.get(k);
                }
            }
            return null;
        }
        int top = Extents.attachedStartLine(s, s.lineOf(start));
        List<Comment> comments = s.comments();
        int best = -1;
        Comment first = null;
        Comment last = null;
        for (int k = firstStartingAt(comments, start) - 1; k >= 0 && comments.get(k).startLine() >= top; k--) {
            Comment c = comments.get(k);
            if (c.end() > start) {
                continue;
            }
            if (best < 0 && c.kind() == Comment.Kind.DOC) {
                best = k;
            }
            last = last == null ? c : last;
            first = c;
        }
        if (best >= 0) {
            int k = best;
            while (k > 0 && comments.get(k - 1).kind() == Comment.Kind.DOC
                    && comments.get(k - 1).endLine() + 1 == comments.get(k).startLine()) {
                k--;
            }
            return merged(comments.get(k), comments.get(best));
        }
        if (Languages.GO.equals(s.language()) && first != null) {
            return merged(first, last);
        }
        return null;
    }

    /** One comment spanning a block of line comments ({@code ///} lines of rust, {@code //} lines of go). */
    private static Comment merged(Comment first, Comment last) {
        return new Comment(first.kind(), first.start(), last.end(), first.startLine(), last.endLine());
    }

    /** Index of the first comment starting at or after offset (comments are in source order). */
    private static int firstStartingAt(List<Comment> comments, int offset) {
        int lo = 0;
        int hi = comments.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (comments.get(mid).start() < offset) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first doc comment of a module (a file's doc, a python module docstring, a rust {@code //!}). */
    static Comment firstDoc(LexedSource s) {
        List<Comment> comments = s.comments();
        for (int k = 0; k < comments.size(); k++) {
            if (comments.get(k).kind() == Comment.Kind.DOC) {
                int end = k;
                while (end + 1 < comments.size() && comments.get(end + 1).kind() == Comment.Kind.DOC
                        && comments.get(end + 1).startLine() == comments.get(end).endLine() + 1) {
                    end++;
                }
                return merged(comments.get(k), comments.get(end));
            }
        }
        return null;
    }

    /**
     * The comment's first sentence: markers ({@code /**}, {@code *}, {@code ///}, {@code #}, quotes) removed, up to
     * the first {@code .}, {@code !} or {@code ?} followed by a space, or to the end of the first paragraph or the
     * first {@code @tag}; null if empty.
     */
    static String firstSentence(String source, Comment c) {
        String text = source.substring(c.start(), Math.min(c.end(), c.start() + MAX_COMMENT));
        if (!text.isEmpty() && text.charAt(0) != '/' && text.charAt(0) != '#') {
            text = PythonRules.unquote(text); // a docstring
        }
        StringBuilder out = new StringBuilder();
        for (String raw : text.split("\n", -1)) {
            String line = strip(raw);
            if (line.isEmpty()) {
                if (out.length() > 0) {
                    break;
                }
                continue;
            }
            if (line.startsWith("@") || line.startsWith(":param") || line.startsWith(":return")
                    || line.equals("Args:") || line.equals("Returns:")) {
                break;
            }
            if (out.length() > 0) {
                out.append(' ');
            }
            out.append(line);
            if (out.length() > MAX_COMMENT) {
                break;
            }
        }
        String paragraph = inlineTags(out.toString()).replaceAll("\\s+", " ").trim();
        int end = paragraph.length();
        for (int i = 0; i < paragraph.length(); i++) {
            char ch = paragraph.charAt(i);
            if ((ch == '.' || ch == '!' || ch == '?') && (i + 1 == paragraph.length()
                    || paragraph.charAt(i + 1) == ' ')) {
                end = i;
                break;
            }
        }
        String sentence = paragraph.substring(0, end).trim();
        if (sentence.length() > MAX_PURPOSE) {
            sentence = sentence.substring(0, MAX_PURPOSE).trim();
        }
        return sentence.isEmpty() ? null : sentence;
    }

    /** {@code {@link Foo}} → {@code Foo}. */
    private static String inlineTags(String text) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf("{@", i);
            int close = open < 0 ? -1 : text.indexOf('}', open);
            if (close < 0) {
                out.append(text, i, text.length());
                break;
            }
            out.append(text, i, open);
            String inner = text.substring(open + 2, close);
            int space = inner.indexOf(' ');
            out.append(space < 0 ? "" : inner.substring(space + 1));
            i = close + 1;
        }
        return out.toString();
    }

    private static String strip(String raw) {
        String line = raw.strip();
        for (String opener : new String[] { "/**", "/*!", "/*", "///", "//!", "//", "#" }) {
            if (line.startsWith(opener)) {
                line = line.substring(opener.length());
                break;
            }
        }
        if (line.endsWith("*/")) {
            line = line.substring(0, line.length() - 2);
        }
        line = line.strip();
        int stars = 0;
        while (stars < line.length() && line.charAt(stars) == '*') {
            stars++;
        }
        return line.substring(stars).strip();
    }
}
