package dev.brain.error.finding;

import static dev.brain.tenancy.BadInput.invalid;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.brain.error.intake.InputNormalizer;

/**
 * The fields of a {@code SaveFinding}, cleaned (NUL and terminal escapes stripped, line ends unified, outer
 * whitespace trimmed) and checked against error-code.md §10 and §15; a bad field is {@code INVALID_ARGUMENT} naming
 * it. The hook defaults to the body's first sentence.
 */
public record FindingInput(String slug, String title, String body, String hook, String scope, String sourceTask,
        String verifiedAgainst) {

    /** No path escape is possible: no dot, no slash. */
    public static final Pattern SLUG = Pattern.compile("[a-z0-9-]{1,64}");
    static final Pattern COMMIT = Pattern.compile("[0-9a-f]{7,40}");
    /** The end of a sentence (§10): the guideline counts these. */
    static final Pattern SENTENCE_END = Pattern.compile("[.!?](?=\\s|$)");
    static final int MAX_TITLE = 200;
    static final int MAX_BODY = 2000;
    static final int MAX_HOOK = 120;
    static final int MAX_SCOPE = 512;
    static final int MAX_SOURCE_TASK = 128;
    static final int MIN_SENTENCES = 2;
    static final int MAX_SENTENCES = 6;

    /** Cleans and checks the raw fields of a request ("" or null = not given for the optional ones). */
    public static FindingInput of(String slug, String title, String body, String hook, String scope,
            String sourceTask, String verifiedAgainst) {
        String s = slug(slug);
        String t = text(title);
        if (t.isEmpty()) {
            throw invalid("title: is required");
        }
        if (length(t) > MAX_TITLE || !oneLine(t)) {
            throw invalid("title: one line of at most " + MAX_TITLE + " characters");
        }
        String b = text(body);
        if (b.isEmpty()) {
            throw invalid("body: is required");
        }
        if (length(b) > MAX_BODY) {
            throw invalid("body: at most " + MAX_BODY + " characters, was " + length(b));
        }
        String h = text(hook);
        if (h.isEmpty()) {
            h = firstSentence(b);
        } else if (length(h) > MAX_HOOK || !oneLine(h)) {
            throw invalid("hook: one line of at most " + MAX_HOOK + " characters");
        }
        String task = text(sourceTask);
        if (length(task) > MAX_SOURCE_TASK || !oneLine(task)) {
            throw invalid("source_task: one line of at most " + MAX_SOURCE_TASK + " characters");
        }
        String commit = text(verifiedAgainst);
        if (!commit.isEmpty() && !COMMIT.matcher(commit).matches()) {
            throw invalid("verified_against: a commit of 7-40 lowercase hex digits, or empty");
        }
        return new FindingInput(s, t, b, h, scope(scope), task, commit);
    }

    /** A slug of a request that names one ({@code GetFinding}, {@code DeleteFinding}). */
    public static String slug(String slug) {
        if (slug == null || slug.isEmpty()) {
            throw invalid("slug: is required");
        }
        if (!SLUG.matcher(slug).matches()) {
            throw invalid("slug: 1-64 characters of [a-z0-9-]");
        }
        return slug;
    }

    /** Sentences of the body as the guideline counts them: ends {@code [.!?]} before whitespace or the end. */
    public int sentences() {
        Matcher m = SENTENCE_END.matcher(body);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /** The guideline's note when the body is shorter or longer than 2-6 sentences; null within it. */
    public String sentenceWarning() {
        int n = sentences();
        if (n >= MIN_SENTENCES && n <= MAX_SENTENCES) {
            return null;
        }
        return "body has " + n + " sentence" + (n == 1 ? "" : "s") + "; " + MIN_SENTENCES + "-" + MAX_SENTENCES
                + " sentences are the guideline (saved anyway)";
    }

    /** The body's first sentence on one line (whitespace runs become one space), cut to 120 characters. */
    static String firstSentence(String body) {
        Matcher m = SENTENCE_END.matcher(body);
        String first = m.find() ? body.substring(0, m.end()) : body;
        String line = first.replaceAll("\\s+", " ").strip();
        if (length(line) <= MAX_HOOK) {
            return line;
        }
        return line.substring(0, line.offsetByCodePoints(0, MAX_HOOK)).stripTrailing();
    }

    /** A project-relative path: not absolute, no {@code ..} segment, one line, at most 512 characters. */
    static String scope(String raw) {
        String scope = text(raw);
        if (scope.isEmpty()) {
            return scope;
        }
        boolean absolute = scope.startsWith("/") || scope.startsWith("\\") || scope.startsWith("~")
                || scope.matches("(?s)[A-Za-z]:.*");
        boolean escapes = false;
        for (String segment : scope.split("[/\\\\]")) {
            escapes |= segment.equals("..");
        }
        if (absolute || escapes || !oneLine(scope) || length(scope) > MAX_SCOPE) {
            throw invalid("finding_scope: a project-relative path (not absolute, no '..' segment, one line, at most "
                    + MAX_SCOPE + " characters) or empty for the whole project");
        }
        return scope;
    }

    private static String text(String raw) {
        return raw == null ? "" : InputNormalizer.clean(raw).strip();
    }

    private static boolean oneLine(String s) {
        return s.chars().noneMatch(c -> c == '\n' || c == '\r' || c == '\u2028' || c == '\u2029');
    }

    static int length(String s) {
        return s.codePointCount(0, s.length());
    }

}
