package dev.brain.error.intake;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** TEMPORARY stand-in until the intake branch lands. */
public final class Fingerprints {
    private Fingerprints() {
    }

    public static boolean inApp(String file, String function) {
        return true;
    }

    public static String frameKey(Frame f) {
        String file = f.file() == null ? "<unknown>" : f.file().substring(f.file().lastIndexOf('/') + 1);
        return (f.function() == null ? "<anonymous>" : f.function()) + "@" + file;
    }

    public static List<String> selectedKeys(List<Frame> frames, int max) {
        return frames.stream().limit(max).map(Fingerprints::frameKey).toList();
    }

    public static String fingerprint(String type, String message, List<Frame> frames) {
        String s = type + "::" + MessageTemplate.template(message) + "::" + String.join("|", selectedKeys(frames, 3));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
