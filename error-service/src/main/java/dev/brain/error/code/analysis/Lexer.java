package dev.brain.error.code.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Splits source into tokens and comments (error-code.md §9.6 steps 1–3): comments are recognized while respecting
 * string literals (and vice versa), string literals of every kind — template, raw, text block, byte, docstring — become
 * one {@link Token.Kind#STRING} token, numbers one {@link Token.Kind#NUMBER} token, identifiers
 * {@code [A-Za-z_$][A-Za-z0-9_$]*}, and every other non-space character a token of its own.
 *
 * <p>
 * One forward pass with bounded lookahead: no regex, no recursion (template literals nest through an explicit
 * stack), and an unterminated literal or comment simply ends at the end of its line or of the source — so the cost
 * stays linear on hostile input.
 */
final class Lexer {

    private static final String[] ASCII = new String[128];
    private static final Set<String> REGEX_AFTER_WORD = Set.of("return", "typeof", "case", "do", "else", "in", "of",
            "new", "delete", "void", "throw", "yield", "await", "instanceof");
    private static final Set<String> PYTHON_PREFIXES = Set.of("r", "u", "b", "f", "br", "rb", "fr", "rf");

    static {
        for (int c = 0; c < ASCII.length; c++) {
            ASCII[c] = String.valueOf((char) c);
        }
    }

    private final String src;
    private final int n;
    private final String lang;
    private final boolean script;
    private final boolean python;
    private final boolean kotlin;
    private final boolean rust;
    private final boolean shell;
    private final boolean cComments;
    private final boolean hashComments;
    private final List<Token> tokens = new ArrayList<>();
    private final List<Comment> comments = new ArrayList<>();
    private final int[] lineStarts;
    private int lineIndex;
    private int lastTokenLine;
    private int depth;
    private int maxDepth;
    private int regexFailedLine = -1;

    private Lexer(String source, String language) {
        this.src = source;
        this.n = source.length();
        this.lang = language;
        this.script = Languages.isScript(language);
        this.python = Languages.PYTHON.equals(language);
        this.kotlin = Languages.KOTLIN.equals(language);
        this.rust = Languages.RUST.equals(language);
        this.shell = Languages.SHELL.equals(language);
        this.hashComments = Languages.hashComments(language);
        this.cComments = !hashComments;
        this.lineStarts = lineStarts(source);
    }

    static LexedSource lex(String source, String language) {
        Lexer lexer = new Lexer(source, language);
        lexer.run();
        return new LexedSource(source, language, lexer.tokens, lexer.comments, lexer.lineStarts, lexer.maxDepth);
    }

    private static int[] lineStarts(String s) {
        int count = 1;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\n') {
                count++;
            }
        }
        int[] starts = new int[count];
        int k = 1;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '\n') {
                starts[k++] = i + 1;
            }
        }
        return starts;
    }

    private void run() {
        int pos = n > 0 && src.charAt(0) == '\uFEFF' ? 1 : 0;
        if (src.startsWith("#!", pos)) {
            int end = lineEnd(pos);
            comment(Comment.Kind.SHEBANG, pos, end);
            pos = end;
        }
        while (pos < n) {
            char c = src.charAt(pos);
            if (isSpace(c)) {
                pos++;
                continue;
            }
            char next = pos + 1 < n ? src.charAt(pos + 1) : 0;
            if (cComments && c == '/' && next == '/') {
                int end = lineEnd(pos);
                boolean doc = rust && (src.startsWith("///", pos) && !src.startsWith("////", pos)
                        || src.startsWith("//!", pos));
                comment(doc ? Comment.Kind.DOC : Comment.Kind.LINE, pos, end);
                pos = end;
                continue;
            }
            if (cComments && c == '/' && next == '*') {
                int end = blockCommentEnd(pos);
                boolean doc = src.startsWith("/**", pos) && !src.startsWith("/**/", pos)
                        || rust && src.startsWith("/*!", pos);
                comment(doc ? Comment.Kind.DOC : Comment.Kind.BLOCK, pos, end);
                pos = end;
                continue;
            }
            if (hashComments && c == '#' && (!shell || pos == 0 || isSpace(src.charAt(pos - 1))
                    || ";|&()<>".indexOf(src.charAt(pos - 1)) >= 0)) {
                int end = lineEnd(pos);
                comment(Comment.Kind.LINE, pos, end);
                pos = end;
                continue;
            }
            int end = stringEnd(pos, c);
            if (end > pos) {
                string(pos, end);
                pos = end;
                continue;
            }
            if (isIdentStart(c)) {
                end = pos + 1;
                while (end < n && isIdentPart(src.charAt(end))) {
                    end++;
                }
                int prefixed = prefixedStringEnd(pos, end);
                if (prefixed > end) {
                    string(pos, prefixed);
                    pos = prefixed;
                } else {
                    token(Token.Kind.IDENT, pos, end);
                    pos = end;
                }
                continue;
            }
            if (isDigit(c) || c == '.' && isDigit(next) && !(pos > 0 && (isIdentPart(src.charAt(pos - 1))
                    || src.charAt(pos - 1) == '.'))) {
                end = numberEnd(pos);
                token(Token.Kind.NUMBER, pos, end);
                pos = end;
                continue;
            }
            if (script && c == '/' && regexAllowed()) {
                end = regexEnd(pos);
                if (end > pos) {
                    string(pos, end);
                    pos = end;
                    continue;
                }
            }
            end = pos + Character.charCount(src.codePointAt(pos));
            punct(pos, end);
            pos = end;
        }
    }

    // ---- emitting

    private int line(int offset) {
        while (lineIndex + 1 < lineStarts.length && lineStarts[lineIndex + 1] <= offset) {
            lineIndex++;
        }
        return lineIndex + 1;
    }

    private void token(Token.Kind kind, int start, int end) {
        int line = line(start);
        String text = end - start == 1 && src.charAt(start) < 128 ? ASCII[src.charAt(start)]
                : src.substring(start, end);
        tokens.add(new Token(kind, text, start, end, line, start - lineStarts[line - 1], line != lastTokenLine));
        lastTokenLine = line;
    }

    private void punct(int start, int end) {
        token(Token.Kind.PUNCT, start, end);
        if (end - start == 1) {
            char c = src.charAt(start);
            if (c == '(' || c == '[' || c == '{') {
                maxDepth = Math.max(maxDepth, ++depth);
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
    }

    /** A string literal; in python one standing alone as a statement after a header line (or first) is a docstring. */
    private void string(int start, int end) {
        if (python && depth == 0) {
            int line = line(start);
            Token previous = tokens.isEmpty() ? null : tokens.get(tokens.size() - 1);
            boolean first = line != lastTokenLine;
            if (first && (previous == null || previous.isPunct(":") && previous.line() < line)) {
                comment(Comment.Kind.DOC, start, end);
                return;
            }
        }
        token(Token.Kind.STRING, start, end);
    }

    private void comment(Comment.Kind kind, int start, int end) {
        int startLine = line(start);
        int endLine = end > start ? line(end - 1) : startLine;
        comments.add(new Comment(kind, start, end, startLine, endLine));
    }

    // ---- scanning

    private int lineEnd(int pos) {
        int end = src.indexOf('\n', pos);
        return end < 0 ? n : end;
    }

    private int blockCommentEnd(int pos) {
        if (!rust && !kotlin) {
            int end = src.indexOf("*/", pos + 2);
            return end < 0 ? n : end + 2;
        }
        int nesting = 0;
        int i = pos;
        while (i < n - 1) {
            if (src.charAt(i) == '/' && src.charAt(i + 1) == '*') {
                nesting++;
                i += 2;
            } else if (src.charAt(i) == '*' && src.charAt(i + 1) == '/') {
                i += 2;
                if (--nesting == 0) {
                    return i;
                }
            } else {
                i++;
            }
        }
        return n;
    }

    /** The end of a string literal starting at pos, or pos when none starts there. */
    private int stringEnd(int pos, char c) {
        if (script) {
            if (c == '\'' || c == '"') {
                return quotedEnd(pos, c, true, false);
            }
            return c == '`' ? interpolatedEnd(pos, "`", true, true) : pos;
        }
        switch (lang) {
            case Languages.PYTHON:
                if (c == '\'' || c == '"') {
                    return pythonStringEnd(pos, pos);
                }
                return pos;
            case Languages.JAVA:
                if (c == '"' && src.startsWith("\"\"\"", pos)) {
                    return tripleEnd(pos, '"', true);
                }
                return c == '"' || c == '\'' ? quotedEnd(pos, c, true, false) : pos;
            case Languages.KOTLIN:
                if (c == '"') {
                    return src.startsWith("\"\"\"", pos) ? interpolatedEnd(pos, "\"\"\"", false, true)
                            : interpolatedEnd(pos, "\"", true, false);
                }
                return c == '\'' ? quotedEnd(pos, c, true, false) : pos;
            case Languages.GO:
                if (c == '`') {
                    int end = src.indexOf('`', pos + 1);
                    return end < 0 ? n : end + 1;
                }
                return c == '"' || c == '\'' ? quotedEnd(pos, c, true, false) : pos;
            case Languages.RUST:
                if (c == '"') {
                    return quotedEnd(pos, c, true, true);
                }
                return c == '\'' ? rustCharEnd(pos) : pos;
            case Languages.SHELL:
                if (c == '\'') {
                    return quotedEnd(pos, c, false, true);
                }
                return c == '"' || c == '`' ? quotedEnd(pos, c, true, true) : pos;
            default:
                return c == '"' || c == '\'' ? quotedEnd(pos, c, true, false) : pos;
        }
    }

    /** Python {@code rb"..."}, {@code f'''...'''}; rust {@code r#"..."#}, {@code b"..."}, {@code b'x'}. */
    private int prefixedStringEnd(int start, int identEnd) {
        if (identEnd >= n) {
            return identEnd;
        }
        char q = src.charAt(identEnd);
        String prefix = src.substring(start, identEnd);
        if (python && (q == '\'' || q == '"') && PYTHON_PREFIXES.contains(prefix.toLowerCase(java.util.Locale.ROOT))) {
            return pythonStringEnd(start, identEnd);
        }
        if (rust && (prefix.equals("r") || prefix.equals("br")) && (q == '"' || q == '#')) {
            int hashes = 0;
            int i = identEnd;
            while (i < n && src.charAt(i) == '#') {
                hashes++;
                i++;
            }
            if (i >= n || src.charAt(i) != '"') {
                return identEnd;
            }
            String closer = "\"" + "#".repeat(hashes);
            int end = src.indexOf(closer, i + 1);
            return end < 0 ? n : end + closer.length();
        }
        if (rust && prefix.equals("b") && q == '"') {
            return quotedEnd(identEnd, q, true, true);
        }
        if (rust && prefix.equals("b") && q == '\'') {
            int end = rustCharEnd(identEnd);
            return end > identEnd ? end : identEnd;
        }
        return identEnd;
    }

    private int pythonStringEnd(int start, int quoteAt) {
        char q = src.charAt(quoteAt);
        if (quoteAt + 2 < n && src.charAt(quoteAt + 1) == q && src.charAt(quoteAt + 2) == q) {
            return tripleEnd(quoteAt, q, true);
        }
        return quotedEnd(quoteAt, q, true, false);
    }

    /** A quoted literal; single-line ones that reach the end of the line end there (unterminated). */
    private int quotedEnd(int pos, char q, boolean escapes, boolean multiline) {
        int i = pos + 1;
        while (i < n) {
            char ch = src.charAt(i);
            if (ch == '\\' && escapes) {
                i += 2;
            } else if (ch == q) {
                return i + 1;
            } else if (ch == '\n' && !multiline) {
                return i;
            } else {
                i++;
            }
        }
        return n;
    }

    private int tripleEnd(int pos, char q, boolean escapes) {
        int i = pos + 3;
        while (i < n) {
            char ch = src.charAt(i);
            if (ch == '\\' && escapes) {
                i += 2;
            } else if (ch == q && i + 2 < n && src.charAt(i + 1) == q && src.charAt(i + 2) == q) {
                return i + 3;
            } else {
                i++;
            }
        }
        return n;
    }

    /** A rust char literal ({@code 'a'}, {@code '\n'}, a unicode escape), or pos for a lifetime ({@code 'a}). */
    private int rustCharEnd(int pos) {
        if (pos + 1 >= n) {
            return pos;
        }
        if (src.charAt(pos + 1) == '\\') {
            for (int i = pos + 2; i < Math.min(n, pos + 14); i++) {
                char ch = src.charAt(i);
                if (ch == '\'' && i > pos + 2) {
                    return i + 1;
                }
                if (ch == '\n') {
                    break;
                }
            }
            return pos;
        }
        int cp = src.codePointAt(pos + 1);
        int after = pos + 1 + Character.charCount(cp);
        return cp != '\'' && cp != '\n' && after < n && src.charAt(after) == '\'' ? after + 1 : pos;
    }

    /**
     * A literal with {@code ${...}} interpolation (JS/TS template, kotlin string): the expressions inside may hold
     * strings and templates of their own, tracked on an explicit stack. The whole literal is one token.
     */
    private int interpolatedEnd(int pos, String closer, boolean escapes, boolean multiline) {
        Deque<Frame> stack = new ArrayDeque<>();
        stack.push(Frame.text(closer, escapes, multiline));
        int i = pos + closer.length();
        while (i < n && !stack.isEmpty()) {
            Frame f = stack.peek();
            char ch = src.charAt(i);
            char next = i + 1 < n ? src.charAt(i + 1) : 0;
            if (!f.code) {
                if (ch == '\\' && f.escapes) {
                    i += 2;
                } else if (src.startsWith(f.closer, i)) {
                    stack.pop();
                    i += f.closer.length();
                } else if (ch == '\n' && !f.multiline) {
                    return i;
                } else if (ch == '$' && next == '{') {
                    stack.push(Frame.code());
                    i += 2;
                } else {
                    i++;
                }
            } else if (ch == '{') {
                f.depth++;
                i++;
            } else if (ch == '}') {
                if (f.depth == 0) {
                    stack.pop();
                } else {
                    f.depth--;
                }
                i++;
            } else if (ch == '/' && next == '/') {
                i = lineEnd(i);
            } else if (ch == '/' && next == '*') {
                i = blockCommentEnd(i);
            } else if (script && ch == '`') {
                stack.push(Frame.text("`", true, true));
                i++;
            } else if (script && (ch == '\'' || ch == '"') || kotlin && ch == '\'') {
                i = quotedEnd(i, ch, true, false);
            } else if (kotlin && ch == '"') {
                boolean triple = src.startsWith("\"\"\"", i);
                stack.push(triple ? Frame.text("\"\"\"", false, true) : Frame.text("\"", true, false));
                i += triple ? 3 : 1;
            } else {
                i++;
            }
        }
        return Math.min(i, n);
    }

    /** A regex literal may start where a value is expected: at the start, after an operator or a keyword. */
    private boolean regexAllowed() {
        if (tokens.isEmpty()) {
            return true;
        }
        Token last = tokens.get(tokens.size() - 1);
        return switch (last.kind()) {
            case PUNCT -> !last.is(")") && !last.is("]") && !last.is("}");
            case IDENT -> REGEX_AFTER_WORD.contains(last.text());
            default -> false;
        };
    }

    /** The end of a regex literal on this line, or pos; after one failure the rest of the line is not tried again. */
    private int regexEnd(int pos) {
        int line = line(pos);
        if (line == regexFailedLine) {
            return pos;
        }
        boolean inClass = false;
        int i = pos + 1;
        while (i < n) {
            char ch = src.charAt(i);
            if (ch == '\n' || ch == '\r') {
                break;
            }
            if (ch == '\\') {
                i += 2;
                continue;
            }
            if (inClass) {
                inClass = ch != ']';
            } else if (ch == '[') {
                inClass = true;
            } else if (ch == '/') {
                i++;
                while (i < n && isIdentPart(src.charAt(i))) {
                    i++;
                }
                return i;
            }
            i++;
        }
        regexFailedLine = line;
        return pos;
    }

    private int numberEnd(int pos) {
        int i = pos;
        if (src.charAt(i) == '0' && i + 1 < n && "xXbBoO".indexOf(src.charAt(i + 1)) >= 0) {
            i += 2;
            while (i < n && isIdentPart(src.charAt(i)) && src.charAt(i) != '$') {
                i++;
            }
            return i;
        }
        while (i < n && (isDigit(src.charAt(i)) || src.charAt(i) == '_')) {
            i++;
        }
        if (i + 1 < n && src.charAt(i) == '.' && isDigit(src.charAt(i + 1))) {
            i++;
            while (i < n && (isDigit(src.charAt(i)) || src.charAt(i) == '_')) {
                i++;
            }
        }
        if (i + 1 < n && (src.charAt(i) == 'e' || src.charAt(i) == 'E')) {
            char sign = src.charAt(i + 1);
            if (isDigit(sign) || (sign == '+' || sign == '-') && i + 2 < n && isDigit(src.charAt(i + 2))) {
                i += 2;
                while (i < n && isDigit(src.charAt(i))) {
                    i++;
                }
            }
        }
        while (i < n && isIdentPart(src.charAt(i)) && src.charAt(i) != '$') {
            i++;
        }
        return i;
    }

    static boolean isSpace(char c) {
        return c <= ' ' || c == '\u00A0' || c == '\uFEFF' || c == '\u2028' || c == '\u2029'
                || Character.isWhitespace(c);
    }

    static boolean isIdentStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '$';
    }

    static boolean isIdentPart(char c) {
        return isIdentStart(c) || isDigit(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A level of an interpolated literal: literal text up to {@code closer}, or code inside {@code ${...}}. */
    private static final class Frame {
        final boolean code;
        final String closer;
        final boolean escapes;
        final boolean multiline;
        int depth;

        private Frame(boolean code, String closer, boolean escapes, boolean multiline) {
            this.code = code;
            this.closer = closer;
            this.escapes = escapes;
            this.multiline = multiline;
        }

        static Frame text(String closer, boolean escapes, boolean multiline) {
            return new Frame(false, closer, escapes, multiline);
        }

        static Frame code() {
            return new Frame(true, "", false, true);
        }
    }
}
