package dev.brain.error.code.analysis;

import java.util.Arrays;
import java.util.List;

/**
 * A source split into tokens and comments by {@link Lexer}, with line bookkeeping and bracket structure computed on
 * demand. Everything here is linear in the size of the source.
 */
final class LexedSource {

    private final String source;
    private final String language;
    private final List<Token> tokens;
    private final List<Comment> comments;
    private final int[] lineStarts;
    private final int maxDepth;
    private int[] braceDepth;
    private int[] bracketDepth;
    private int[] match;
    private int[] firstTokenOfLine;
    private boolean[] commentOnLine;

    LexedSource(String source, String language, List<Token> tokens, List<Comment> comments, int[] lineStarts,
            int maxDepth) {
        this.source = source;
        this.language = language;
        this.tokens = tokens;
        this.comments = comments;
        this.lineStarts = lineStarts;
        this.maxDepth = maxDepth;
    }

    String source() {
        return source;
    }

    String language() {
        return language;
    }

    List<Token> tokens() {
        return tokens;
    }

    List<Comment> comments() {
        return comments;
    }

    int size() {
        return tokens.size();
    }

    Token token(int i) {
        return tokens.get(i);
    }

    /** The text of token i, or "" past either end, so lookahead needs no bounds checks. */
    String text(int i) {
        return i >= 0 && i < tokens.size() ? tokens.get(i).text() : "";
    }

    boolean is(int i, String s) {
        return text(i).equals(s);
    }

    boolean isIdent(int i) {
        return i >= 0 && i < tokens.size() && tokens.get(i).isIdent();
    }

    boolean isString(int i) {
        return i >= 0 && i < tokens.size() && tokens.get(i).kind() == Token.Kind.STRING;
    }

    /** The deepest bracket nesting seen while lexing (guards recursive parsers). */
    int maxDepth() {
        return maxDepth;
    }

    /** Number of lines (a final line break does not open another line). */
    int lineCount() {
        int n = lineStarts.length;
        return n > 1 && lineStarts[n - 1] == source.length() ? n - 1 : n;
    }

    /** The 1-based line of an offset. */
    int lineOf(int offset) {
        int i = Arrays.binarySearch(lineStarts, offset);
        return i >= 0 ? i + 1 : -i - 1;
    }

    int lineStart(int line) {
        return lineStarts[Math.max(0, Math.min(line, lineStarts.length) - 1)];
    }

    /** Offset just past the last character of a line, line break ({@code \r\n} or {@code \n}) excluded. */
    int lineEnd(int line) {
        int end = line < lineStarts.length ? lineStarts[line] - 1 : source.length();
        return end > lineStart(line) && source.charAt(end - 1) == '\r' ? end - 1 : end;
    }

    /** The text of lines from..to (inclusive), as in the source. */
    String lines(int from, int to) {
        return source.substring(lineStart(from), Math.max(lineStart(from), lineEnd(to)));
    }

    /** Index of the first token on a line, or -1 if the line holds none. */
    int firstTokenOnLine(int line) {
        if (firstTokenOfLine == null) {
            int[] first = new int[lineStarts.length + 2];
            Arrays.fill(first, -1);
            for (int i = tokens.size() - 1; i >= 0; i--) {
                first[tokens.get(i).line()] = i;
            }
            firstTokenOfLine = first;
        }
        return line >= 0 && line < firstTokenOfLine.length ? firstTokenOfLine[line] : -1;
    }

    /** Whether part of a comment lies on the line. */
    boolean commentOnLine(int line) {
        if (commentOnLine == null) {
            boolean[] on = new boolean[lineStarts.length + 2];
            for (Comment c : comments) {
                for (int l = c.startLine(); l <= c.endLine() && l < on.length; l++) {
                    on[l] = true;
                }
            }
            commentOnLine = on;
        }
        return line >= 0 && line < commentOnLine.length && commentOnLine[line];
    }

    /** Depth of curly braces before token i. */
    int braceDepth(int i) {
        structure();
        return braceDepth[i];
    }

    /** Depth of all brackets ( ( [ { ) before token i. */
    int bracketDepth(int i) {
        structure();
        return bracketDepth[i];
    }

    /** The index of the bracket matching token i, or -1. */
    int match(int i) {
        structure();
        return i >= 0 && i < match.length ? match[i] : -1;
    }

    private void structure() {
        if (match != null) {
            return;
        }
        int n = tokens.size();
        int[] braces = new int[n];
        int[] brackets = new int[n];
        int[] matched = new int[n];
        Arrays.fill(matched, -1);
        int[] open = new int[Math.max(1, maxDepth + 1)];
        int top = 0;
        int brace = 0;
        for (int i = 0; i < n; i++) {
            Token t = tokens.get(i);
            braces[i] = brace;
            brackets[i] = top;
            if (t.kind() != Token.Kind.PUNCT || t.text().length() != 1) {
                continue;
            }
            char c = t.text().charAt(0);
            if (c == '(' || c == '[' || c == '{') {
                if (top == open.length) {
                    open = Arrays.copyOf(open, open.length * 2);
                }
                open[top++] = i;
                if (c == '{') {
                    brace++;
                }
            } else if (c == ')' || c == ']' || c == '}') {
                char want = c == ')' ? '(' : c == ']' ? '[' : '{';
                // an unbalanced closer only pops an opener of its own kind, so one stray bracket can't shift all
                if (top > 0 && tokens.get(open[top - 1]).text().charAt(0) == want) {
                    int o = open[--top];
                    matched[o] = i;
                    matched[i] = o;
                }
                if (c == '}' && brace > 0) {
                    brace--;
                }
                braces[i] = c == '}' ? brace : braces[i];
                brackets[i] = top;
            }
        }
        braceDepth = braces;
        bracketDepth = brackets;
        match = matched;
    }
}
