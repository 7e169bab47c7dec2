package dev.brain.error.intake;

/** TEMPORARY stand-in until the intake branch lands. */
public final class MessageTemplate {
    private MessageTemplate() {
    }

    public static String template(String message) {
        return message.replaceAll("\\s+", " ").trim().replaceAll("(?<![\\w.])\\d+(\\.\\d+)*\\b", "<NUM>");
    }
}
