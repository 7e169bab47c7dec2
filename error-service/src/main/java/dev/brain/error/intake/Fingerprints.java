package dev.brain.error.intake;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/** Spec §5.4: in-app rule, frame keys, fingerprint. */
public final class Fingerprints {
    private static final Set<String> DEP_SEGMENTS = Set.of("node_modules", "site-packages", "dist-packages", ".m2",
            ".gradle", "vendor", "target", "dist");
    private static final List<String> DEP_CONTAINS = List.of("go/pkg/mod", "/rustc/", "java.base", "jdk.internal");
    private static final List<String> DEP_PREFIX = List.of("node:", "internal/", "<frozen ");
    private static final List<String> RUNTIME_FUNCTIONS = List.of("java.", "javax.", "jdk.", "sun.", "kotlin.",
            "scala.", "runtime.", "std::", "core::", "alloc::");
    private static final Pattern DOLLAR_DIGITS = Pattern.compile("\\$\\d+");

    private Fingerprints() {
    }

    public static boolean inApp(String file, String function) {
        if (file != null && !file.isBlank()) {
            String f = file.replace('\\', '/');
            for (String p : DEP_PREFIX) {
                if (f.startsWith(p)) {
                    return false;
                }
            }
            for (String c : DEP_CONTAINS) {
                if (f.contains(c)) {
                    return false;
                }
            }
            for (String seg : f.split("/")) {
                if (DEP_SEGMENTS.contains(seg)) {
                    return false;
                }
            }
            return true;
        }
        return !isRuntimeFunction(function);
    }

    /** True when the function belongs to a language runtime/standard library by its name (spec §5.4's list). */
    public static boolean isRuntimeFunction(String function) {
        if (function == null) {
            return false;
        }
        for (String p : RUNTIME_FUNCTIONS) {
            if (function.startsWith(p)) {
                return true;
            }
        }
        return false;
    }

    public static String frameKey(Frame f) {
        String fn = normalizeFunction(f.function());
        if (fn.isEmpty()) {
            String ctx = f.contextLine();
            fn = ctx != null && !ctx.isBlank() ? "ctx:" + MessageTemplate.template(ctx) : "<anonymous>";
        }
        return fn + "@" + basename(f.file());
    }

    /** Removes trailing argument lists ({@code (...)}, {@code (0x…)}, {@code ()}) and replaces {@code $<digits>}. */
    public static String normalizeFunction(String function) {
        if (function == null) {
            return "";
        }
        String fn = function.trim();
        while (fn.endsWith(")")) {
            int open = matchingOpen(fn);
            if (open <= 0) {
                break;
            }
            String args = fn.substring(open + 1, fn.length() - 1).trim();
            if (args.isEmpty() || args.equals("...") || args.startsWith("0x") || args.startsWith("{")) {
                fn = fn.substring(0, open).trim();
            } else {
                break;
            }
        }
        return DOLLAR_DIGITS.matcher(fn).replaceAll("\\$<N>");
    }

    private static int matchingOpen(String s) {
        int depth = 0;
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            if (c == ')') {
                depth++;
            } else if (c == '(') {
                depth--;
                if (depth == 0) {
                    return i;
                }
            }
        }
        return -1;
    }

    public static String basename(String file) {
        if (file == null || file.isBlank()) {
            return "<unknown>";
        }
        String f = file.trim();
        if (f.startsWith("file://")) {
            f = f.substring("file://".length());
        }
        int q = f.indexOf('?');
        if (q >= 0) {
            f = f.substring(0, q);
        }
        int h = f.indexOf('#');
        if (h >= 0) {
            f = f.substring(0, h);
        }
        f = f.replace('\\', '/');
        while (f.endsWith("/") && f.length() > 1) {
            f = f.substring(0, f.length() - 1);
        }
        int slash = f.lastIndexOf('/');
        String b = slash >= 0 ? f.substring(slash + 1) : f;
        return b.isEmpty() ? "<unknown>" : b;
    }

    public static List<String> selectedKeys(List<Frame> frames, int max) {
        List<String> keys = new ArrayList<>();
        if (frames == null || frames.isEmpty()) {
            return keys;
        }
        boolean anyInApp = frames.stream().anyMatch(Frame::inApp);
        for (Frame f : frames) {
            if (keys.size() >= max) {
                break;
            }
            if (!anyInApp || f.inApp()) {
                keys.add(frameKey(f));
            }
        }
        return keys;
    }

    public static String fingerprint(String type, String message, List<Frame> frames) {
        String input = Objects.toString(type, "") + "::" + MessageTemplate.template(message) + "::"
                + String.join("|", selectedKeys(frames, 3));
        return sha256(input);
    }

    /** Lower-case hex SHA-256 of the UTF-8 bytes of {@code s} (fingerprints, dedup keys, line hashes). */
    public static String sha256(String s) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
