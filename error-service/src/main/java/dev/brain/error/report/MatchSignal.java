package dev.brain.error.report;

/**
 * The six signals that score a candidate match (error-code.md §5.7) and their weights. {@link #key()} is the name
 * a match's signals carry in the database ({@code error_match.signals}), in the contract and in answers.
 */
public enum MatchSignal {
    FINGERPRINT("fingerprint", 0.30),
    MESSAGE("message", 0.20),
    TYPE("type", 0.15),
    STACK("stack", 0.15),
    FILE("file", 0.10),
    FULL_TEXT("full_text", 0.10);

    private final String key;
    private final double weight;

    MatchSignal(String key, double weight) {
        this.key = key;
        this.weight = weight;
    }

    public String key() {
        return key;
    }

    public double weight() {
        return weight;
    }

    /** The signal stored under {@code key}; an unknown key is an {@link IllegalArgumentException}. */
    public static MatchSignal of(String key) {
        for (MatchSignal signal : values()) {
            if (signal.key.equals(key)) {
                return signal;
            }
        }
        throw new IllegalArgumentException("no match signal " + key);
    }
}
