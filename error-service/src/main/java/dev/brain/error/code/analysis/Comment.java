package dev.brain.error.code.analysis;

/** A comment of the original source; docstrings of python count as {@link Kind#DOC} comments. */
record Comment(Kind kind, int start, int end, int startLine, int endLine) {

    enum Kind {
        /** {@code //} or {@code #} to the end of the line. */
        LINE,
        /** {@code /* ... *}{@code /} that is not a doc comment. */
        BLOCK,
        /** {@code /** ... *}{@code /}, rust {@code ///} and {@code //!}, a python docstring. */
        DOC,
        /** {@code #!} on the first line. */
        SHEBANG
    }
}
