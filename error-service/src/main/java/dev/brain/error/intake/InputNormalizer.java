package dev.brain.error.intake;

/** TEMPORARY stand-in until the intake branch lands. */
public final class InputNormalizer {
    private InputNormalizer() {
    }

    public static NormalizedOutput normalize(String raw) {
        String text = clean(raw);
        if (text.isBlank()) {
            throw new IllegalArgumentException("raw_output is empty");
        }
        return new NormalizedOutput(text, 0);
    }

    public static String clean(String s) {
        return s == null ? null : s.replace("\0", "").replace("\r\n", "\n").replace('\r', '\n');
    }
}
