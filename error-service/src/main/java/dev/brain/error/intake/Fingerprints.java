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
    /**
     * The parsers of compiler diagnostics: their frame is the span of a diagnostic, and the source line a compiler
     * echoes there changes with every edit, so it is keyed {@code diag@basename} (§5.4).
     */
    private static final Set<String> DIAGNOSTIC_PARSERS = Set.of("rustc", "typescript", "javac", "gcc-clang",
            "go-build", "maven", "gradle");
    /**
     * A part of a file name between the delimiters {@code .}, {@code -}, {@code _} that is all digits, or at least
     * six letters and digits with both: a bundler's chunk number or content hash (§5.4).
     */
    /**
     * Bundler output, the files whose names carry chunk numbers and content hashes. §5.4 words the rule for every
     * file; read that way it also renames source files such as {@code OAuth2Client.java} or {@code s3client.go}
     * to {@code <H>.java}, {@code <H>.go} and merges their diagnostics (docs/errors.md).
     */
    private static final Set<String> BUNDLE_EXTENSIONS = Set.of(".js", ".mjs", ".cjs", ".css", ".map");
    private static final Pattern HASH_PART = Pattern.compile(
            "(?<![^._-])(?:[0-9]+|(?=[A-Za-z]*[0-9])(?=[0-9]*[A-Za-z])[A-Za-z0-9]{6,})(?![^._-])");

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

    /** The frame key {@code fn@basename} of a frame of the given parser's output (§5.4). */
    public static String frameKey(Frame f, String parser) {
        if (DIAGNOSTIC_PARSERS.contains(parser)) {
            return "diag@" + basename(f.file());
        }
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

    /** The last segment of the file, its bundler chunk numbers and hashes replaced by {@code <H>}. */
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
        return b.isEmpty() ? "<unknown>" : withoutHashes(b);
    }

    /**
     * {@code index-B4gT9xQe.js} → {@code index-<H>.js}, {@code 742.js} → {@code <H>.js}; the extension stays, and
     * only bundler output ({@link #BUNDLE_EXTENSIONS}) is changed.
     */
    static String withoutHashes(String basename) {
        int dot = basename.lastIndexOf('.');
        String extension = dot > 0 ? basename.substring(dot) : "";
        if (!BUNDLE_EXTENSIONS.contains(extension.toLowerCase(java.util.Locale.ROOT))) {
            return basename;
        }
        return HASH_PART.matcher(basename.substring(0, dot)).replaceAll("<H>") + extension;
    }

    /** The keys of the selected frames of a parser's output, innermost first ({@link #selectedPositions}). */
    public static List<String> selectedKeys(List<Frame> frames, String parser, int max) {
        return selectedPositions(frames, max).stream().map(i -> frameKey(frames.get(i), parser)).toList();
    }

    /** The positions of the selected frames: the in-app frames if any, else all; the first {@code max}. */
    public static List<Integer> selectedPositions(List<Frame> frames, int max) {
        List<Integer> positions = new ArrayList<>();
        boolean anyInApp = frames.stream().anyMatch(Frame::inApp);
        for (int i = 0; i < frames.size() && positions.size() < max; i++) {
            if (!anyInApp || frames.get(i).inApp()) {
                positions.add(i);
            }
        }
        return positions;
    }

    /** The fingerprint of a parsed error: its type, its message's template and its first three selected frames. */
    public static String fingerprint(ParsedError error) {
        return fingerprint(error.type(), MessageTemplate.template(error.message()),
                selectedKeys(error.frames(), error.parser(), 3));
    }

    /** {@code lowerhex(SHA-256(type + "::" + template + "::" + join("|", keys)))} (§5.4). */
    public static String fingerprint(String type, String template, List<String> selectedKeys) {
        return sha256(Objects.toString(type, "") + "::" + template + "::" + String.join("|", selectedKeys));
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
