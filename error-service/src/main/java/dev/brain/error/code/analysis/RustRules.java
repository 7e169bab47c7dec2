package dev.brain.error.code.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rust exports ({@code pub fn/struct/enum/trait/type/const/mod}, not {@code pub(crate)}; {@code pub fn} inside an
 * {@code impl} as members named {@code Type.fn}) and imports ({@code use}, {@code extern crate}), error-code.md §9.2.
 */
final class RustRules {

    private static final Set<String> QUALIFIERS = Set.of("async", "unsafe", "extern", "default");
    private static final Set<String> NOT_TYPE_NAMES = Set.of("dyn", "mut", "impl", "const");

    private RustRules() {
    }

    /** An {@code impl} block: its braces and the type it implements. */
    private record Impl(int open, int close, String type) {
    }

    static Structure extract(LexedSource s) {
        Structure.Builder out = new Structure.Builder();
        uses(s, out);
        List<Impl> impls = impls(s);
        int implIndex = 0;
        for (int i = 0; i < s.size(); i++) {
            if (!s.is(i, "pub") || s.is(i + 1, "(")) {
                continue;
            }
            int depth = s.braceDepth(i);
            while (implIndex < impls.size() && impls.get(implIndex).close() < i) {
                implIndex++;
            }
            Impl impl = implIndex < impls.size() && impls.get(implIndex).open() < i ? impls.get(implIndex) : null;
            boolean member = depth == 1 && impl != null;
            if (depth != 0 && !member) {
                continue;
            }
            int k = i + 1;
            while (QUALIFIERS.contains(s.text(k)) || s.is(k, "const") && (s.is(k + 1, "fn")
                    || QUALIFIERS.contains(s.text(k + 1))) || s.isString(k) && s.is(k - 1, "extern")) {
                k++;
            }
            String keyword = s.text(k);
            Structure.Kind kind = switch (keyword) {
                case "fn" -> Structure.Kind.FUNCTION;
                case "struct", "enum" -> Structure.Kind.CLASS;
                case "trait", "type", "mod" -> Structure.Kind.TYPE;
                case "const" -> Structure.Kind.VALUE;
                default -> null;
            };
            if (kind == null || !s.isIdent(k + 1)) {
                continue;
            }
            boolean needsBody = keyword.equals("fn") || keyword.equals("trait") || keyword.equals("mod");
            int end = Extents.declarationEnd(s, i, needsBody);
            String name = member ? impl.type() + "." + s.text(k + 1) : s.text(k + 1);
            out.export(name, kind, false, member, s.token(i).start(), s.token(end).end());
            i = Math.max(i, end);
        }
        return out.build();
    }

    private static void uses(LexedSource s, Structure.Builder out) {
        for (int i = 0; i < s.size(); i++) {
            if (s.is(i, "extern") && s.is(i + 1, "crate") && s.isIdent(i + 2)) {
                String local = s.is(i + 3, "as") && s.isIdent(i + 4) ? s.text(i + 4) : s.text(i + 2);
                out.importOf(s.text(i + 2), Structure.Origin.EXTERNAL, List.of(local));
                continue;
            }
            if (!s.is(i, "use") || s.isIdent(i - 1) && !s.is(i - 1, "pub")) {
                continue;
            }
            int end = i + 1;
            int limit = Math.min(s.size(), i + 2000);
            while (end < limit && !s.is(end, ";")) {
                end++;
            }
            StringBuilder spec = new StringBuilder();
            List<String> names = new ArrayList<>();
            for (int k = i + 1; k < end; k++) {
                if (k > i + 1 && s.token(k).start() > s.token(k - 1).end()) {
                    spec.append(' ');
                }
                spec.append(s.text(k));
                if (!s.isIdent(k) || s.is(k - 1, "as")) {
                    continue;
                }
                if (s.is(k + 1, "as")) {
                    if (s.isIdent(k + 2) && !s.is(k + 2, "_")) {
                        names.add(s.text(k + 2));
                    }
                } else if (s.is(k + 1, ",") || s.is(k + 1, "}") || k + 1 == end) {
                    // {@code a::b::self} and {@code a::b::{self, c}} bind {@code b}
                    int module = !s.is(k, "self") ? -1 : s.is(k - 1, ":") ? k - 3 : s.is(k - 1, "{") ? k - 4 : -1;
                    if (module < 0) {
                        names.add(s.text(k));
                    } else if (s.isIdent(module) && s.is(module + 1, ":")) {
                        names.add(s.text(module));
                    }
                }
            }
            String path = spec.toString();
            if (path.startsWith("::")) {
                path = path.substring(2);
            }
            if (!path.isEmpty()) {
                out.importOf(path, origin(path), names);
            }
            i = end;
        }
    }

    private static Structure.Origin origin(String path) {
        int sep = path.indexOf("::");
        String first = sep < 0 ? path : path.substring(0, sep);
        return switch (first) {
            case "std", "core", "alloc" -> Structure.Origin.STANDARD;
            case "crate", "super", "self" -> Structure.Origin.INTERNAL;
            default -> Structure.Origin.EXTERNAL;
        };
    }

    private static List<Impl> impls(LexedSource s) {
        List<Impl> impls = new ArrayList<>();
        int i = 0;
        while (i < s.size()) {
            if (!s.is(i, "impl") || s.braceDepth(i) != 0 || s.bracketDepth(i) != 0) {
                i++;
                continue;
            }
            int angle = 0;
            String type = null;
            int k = i + 1;
            while (k < s.size() && !(angle <= 0 && (s.is(k, "{") || s.is(k, ";") || s.is(k, "where")))) {
                if (s.is(k, "<")) {
                    angle++;
                } else if (s.is(k, ">") && !s.is(k - 1, "-")) {
                    angle--;
                } else if (angle <= 0 && s.is(k, "for")) {
                    type = null;
                } else if (angle <= 0 && s.isIdent(k) && !NOT_TYPE_NAMES.contains(s.text(k))) {
                    type = s.text(k);
                }
                k++;
            }
            while (k < s.size() && !s.is(k, "{") && !s.is(k, ";")) {
                k++;
            }
            int close = s.is(k, "{") ? s.match(k) : -1;
            if (close > k && type != null) {
                impls.add(new Impl(k, close, type));
            }
            i = Math.max(i + 1, close > k ? close + 1 : k + 1);
        }
        return impls;
    }
}
