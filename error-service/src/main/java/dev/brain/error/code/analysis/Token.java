package dev.brain.error.code.analysis;

/**
 * One lexed token of the original source: its kind, text (string literals with their quotes), offsets (end
 * exclusive), 1-based line, 0-based column, and whether it is the first token on its line.
 */
record Token(Kind kind, String text, int start, int end, int line, int column, boolean firstOnLine) {

    enum Kind {
        IDENT,
        STRING,
        NUMBER,
        PUNCT
    }

    boolean is(String s) {
        return text.equals(s);
    }

    boolean isIdent() {
        return kind == Kind.IDENT;
    }

    boolean isPunct(String s) {
        return kind == Kind.PUNCT && text.equals(s);
    }
}
