package dev.brain.error.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Raw outputs to mutate: the parser fixtures under {@code src/test/resources/errors/<language>/}, and the tokens
 * every parser and the redactor key on, so that mutated text keeps reaching deep into the parsers.
 */
final class Samples {
    /** Fragments the parsers, the templater and the redactor look for, plus control characters and odd Unicode. */
    static final List<String> NOISE = List.of("'", "\"", "`", "(", ")", "[", "]", "{", "}", "at ", ": ", ":", "/", "\\",
            "\t", "\n", " ", "0x", "::", "-->", " --> ", "panic: ", "goroutine 1 [running]:\n", "created by ",
            "Traceback (most recent call last):\n", "  File \"", "\", line ", ", in ", "error[E0382]: ", "error: ",
            "warning: ", "[ERROR] ", "* What went wrong:\n", "FAILURE: Build failed", "e: ", "e: file://", ".java:",
            ".java:[", ".go:", ".kt:", ".rs:", ".py", ".ts(", "): error TS", " - error TS", "Caused by: ", "Suppressed: ",
            "thread 'main' panicked at ", "' panicked at", "stack backtrace:\n", "   0: ", "             at ",
            "\u001B[31m", "\u001B]8;;", "\u0007", "\u001B\\", "\r\n", "\r", "\u0000", "\uD800", "\uDC00", "\uFFFD",
            "command not found", "Permission denied", "ENOENT", "ECONNREFUSED", "undefined reference to",
            "-----BEGIN PRIVATE KEY-----", "-----END PRIVATE KEY-----", "-----BEGIN ", "eyJ", "AKIA", "ghp_",
            "https://u:p@h/", "://", "Bearer ", "TOKEN=", "password: ", "export ", "<REDACTED:secret>", "9", "1.2.3.4",
            "é", "\uE000", "\uD83D\uDE00", "    at ", "Exception in thread \"main\" ", "java.lang.", "Error: ",
            "TypeError [ERR_X]: ", "node:internal/", "node_modules/", "site-packages/", "C:\\", "~/", "./", "../",
            "<anonymous>", "$1", "(...)", "({0x1, 0x2})", " +0x1f", "symbol:", "|", "^^^^", "~~~");

    private static final Map<String, List<String>> FIXTURES = load();

    private Samples() {
    }

    /** Language (fixture folder) → raw outputs. */
    static Map<String, List<String>> fixtures() {
        return FIXTURES;
    }

    static List<String> allLines() {
        List<String> lines = new ArrayList<>();
        FIXTURES.values().forEach(raws -> raws.forEach(raw -> lines.addAll(List.of(raw.split("\n")))));
        return lines;
    }

    private static Map<String, List<String>> load() {
        try {
            Path root = Path.of(Samples.class.getResource("/errors").toURI());
            Map<String, List<String>> byLanguage = new TreeMap<>();
            try (Stream<Path> files = Files.walk(root)) {
                for (Path p : files.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
                    byLanguage.computeIfAbsent(root.relativize(p).getName(0).toString(), k -> new ArrayList<>())
                            .add(Files.readString(p, StandardCharsets.UTF_8));
                }
            }
            return byLanguage;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One to six mutations of {@code raw}: cuts, dropped and repeated lines (repeated stack frames), noise tokens,
     * random characters (control, surrogate, private-use), lines spliced in from other languages, bracket nests and
     * long runs of blanks.
     */
    static String mutate(Random r, String raw, List<String> otherLines) {
        StringBuilder sb = new StringBuilder(raw);
        int n = 1 + r.nextInt(6);
        for (int i = 0; i < n; i++) {
            int at = sb.isEmpty() ? 0 : r.nextInt(sb.length() + 1);
            switch (r.nextInt(9)) {
                case 0 -> {
                    if (!sb.isEmpty()) {
                        int cut = r.nextInt(sb.length());
                        if (r.nextBoolean()) {
                            sb.setLength(cut);
                        } else {
                            sb.delete(0, cut);
                        }
                    }
                }
                case 1 -> {
                    String[] lines = sb.toString().split("\n", -1);
                    String line = lines[r.nextInt(lines.length)];
                    sb.insert(lineStart(sb, at), (line + "\n").repeat(1 + r.nextInt(200)));
                }
                case 2 -> {
                    int end = sb.indexOf("\n", at);
                    if (end >= 0) {
                        sb.delete(lineStart(sb, at), end + 1);
                    }
                }
                case 3 -> sb.insert(at, NOISE.get(r.nextInt(NOISE.size())));
                case 4 -> {
                    for (int k = r.nextInt(8); k >= 0 && !sb.isEmpty(); k--) {
                        sb.setCharAt(r.nextInt(sb.length()), randomChar(r));
                    }
                }
                case 5 -> sb.insert(lineStart(sb, at), otherLines.get(r.nextInt(otherLines.size())) + "\n");
                case 6 -> {
                    int depth = 1 + r.nextInt(300);
                    String open = List.of("(", "[", "{", "<").get(r.nextInt(4));
                    String close = switch (open) {
                        case "(" -> ")";
                        case "[" -> "]";
                        case "{" -> "}";
                        default -> ">";
                    };
                    sb.insert(at, open.repeat(depth) + "x" + close.repeat(r.nextInt(depth + 1)));
                }
                case 7 -> sb.insert(at, (r.nextBoolean() ? " " : "\t").repeat(1 + r.nextInt(3000)));
                default -> sb.insert(at, NOISE.get(r.nextInt(NOISE.size())).repeat(1 + r.nextInt(50)));
            }
        }
        return sb.toString();
    }

    private static int lineStart(StringBuilder sb, int at) {
        int nl = sb.lastIndexOf("\n", Math.max(0, at - 1));
        return at == 0 || nl < 0 ? 0 : nl + 1;
    }

    private static char randomChar(Random r) {
        return switch (r.nextInt(5)) {
            case 0 -> (char) r.nextInt(32);
            case 1 -> (char) (0xD800 + r.nextInt(0x800));
            case 2 -> (char) (0xE000 + r.nextInt(0x1900));
            case 3 -> (char) r.nextInt(0x10000);
            default -> (char) (32 + r.nextInt(95));
        };
    }
}
