package dev.brain.research.knowledge.files;

import static dev.brain.tenancy.BadInput.invalid;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Names on the library volume (research.md §2.1), pure functions:
 * <ul>
 * <li>A pair id becomes ONE directory segment: every byte outside {@code [A-Za-z0-9._-]} of its UTF-8 form
 * (so '/', ':' and '@') is percent-encoded as {@code %XX} (upper-case hex); ids "." and ".." are rejected before.
 * An encoded id longer than {@value #MAX_SEGMENT} chars becomes its first {@value #HASHED_PREFIX} encoded chars
 * (never cut inside a {@code %XX}), '~' and the first 16 hex digits of the id's SHA-256 — '~' never occurs in a
 * plain encoding, so both forms are injective and a file name stays below 255 bytes.</li>
 * <li>A caller's path ({@code Structure}/{@code ReadBlock}) is either a bare file name in the pair directory
 * or {@code <agent segment>/<user segment>/<file>} of the caller's own pair; only printable ASCII of
 * {@code [A-Za-z0-9._~%/-]}, no "." / ".." segment, no leading '/', no backslash, NUL or non-ASCII look-alike,
 * and the name ends with ".md".</li>
 * </ul>
 */
public final class LibraryPaths {

    public static final int MAX_SEGMENT = 120;
    static final int HASHED_PREFIX = 100;
    public static final String INDEX = "INDEX.md";

    private LibraryPaths() {
    }

    /** The directory segment of a pair id. */
    public static String segment(String id) {
        StringBuilder out = new StringBuilder();
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-')) {
                out.append((char) c);
            } else {
                out.append('%').append(HexFormat.of().withUpperCase().toHexDigits((byte) c));
            }
        }
        if (out.length() <= MAX_SEGMENT) {
            return out.toString();
        }
        int cut = HASHED_PREFIX;
        while (cut > 0 && (out.charAt(cut - 1) == '%' || (cut > 1 && out.charAt(cut - 2) == '%'))) {
            cut--;
        }
        return out.substring(0, cut) + "~" + sha256(id).substring(0, 16);
    }

    /** The id a segment encodes; empty for a hashed (shortened) segment or one that is no encoding. */
    public static Optional<String> decode(String segment) {
        if (segment.contains("~")) {
            return Optional.empty();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < segment.length(); i++) {
            char c = segment.charAt(i);
            if (c == '%' && i + 2 < segment.length()) {
                try {
                    bytes.write(Integer.parseInt(segment.substring(i + 1, i + 3), 16));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
                i += 2;
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                return Optional.empty();
            }
        }
        String id = bytes.toString(StandardCharsets.UTF_8);
        return segment(id).equals(segment) ? Optional.of(id) : Optional.empty();
    }

    /** {@code <date>_<user segment>_<slug>_knowledge[-n].md}. */
    public static String knowledgeFile(String date, String userId, String slug, int n) {
        return date + "_" + segment(userId) + "_" + slug + "_knowledge" + (n > 1 ? "-" + n : "") + ".md";
    }

    /** {@code <date>_<user segment>_<slug>_report[-n].md}: a second report of the day gets "-2", then "-3", … */
    public static String reportFile(String date, String userId, String slug, int n) {
        return date + "_" + segment(userId) + "_" + slug + "_report" + (n > 1 ? "-" + n : "") + ".md";
    }

    /** The file name of a library path ("a/b/file.md" → "file.md"). */
    public static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /**
     * The file name a caller's path names inside {@code pairDirectory} ("agentSeg/userSeg"), checked textually.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming {@code path}
     */
    public static String callerFileName(String path, String pairDirectory) {
        if (path.isEmpty()) {
            throw invalid("path: required");
        }
        if (path.length() > 1000) {
            throw invalid("path: at most 1000 characters");
        }
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            boolean allowed = c < 0x80 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-'
                    || c == '~' || c == '%' || c == '/');
            if (!allowed) {
                throw invalid("path: only [A-Za-z0-9._~%/-] allowed (no backslash, NUL, space or non-ASCII character)");
            }
        }
        if (path.startsWith("/")) {
            throw invalid("path: absolute paths are not allowed");
        }
        String[] parts = path.split("/", -1);
        for (String part : parts) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw invalid("path: empty, '.' or '..' segments are not allowed");
            }
        }
        String name;
        if (parts.length == 1) {
            name = parts[0];
        } else if (parts.length == 3 && (parts[0] + "/" + parts[1]).equals(pairDirectory)) {
            name = parts[2];
        } else {
            throw invalid("path: not a file of the pair's directory");
        }
        if (!name.endsWith(".md") || name.length() <= 3) {
            throw invalid("path: a library file (*.md) required");
        }
        return name;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

}
