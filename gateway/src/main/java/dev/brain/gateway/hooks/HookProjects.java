package dev.brain.gateway.hooks;

import java.util.List;
import java.util.Locale;

/**
 * The project of a hook or tool call, decided from what the user's machine reported (gateway.md §3): a configured
 * mapping (repository URL or path prefix → project) wins; else {@code brain_project}, which the hook script sets
 * to the git top-level directory's name (the main worktree's for every worktree); else the last segment of the
 * working directory; else the token's default project. The gateway never looks at its own filesystem.
 */
public final class HookProjects {

    private HookProjects() {
    }

    public static String of(String brainProject, String repo, String cwd, List<String> mapping, String defaultProject) {
        String mapped = mapped(mapping, normalizeRepo(repo), cwd);
        if (mapped != null) {
            return mapped;
        }
        String reported = brainProject == null ? null : sanitize(brainProject.trim());
        if (reported != null) {
            return reported;
        }
        String segment = lastSegment(cwd);
        return segment != null ? segment : defaultProject;
    }

    /** The last path segment of a directory (either slash), as a project name; null for none. */
    public static String lastSegment(String directory) {
        if (directory == null) {
            return null;
        }
        String d = directory.trim().replace('\\', '/').replaceAll("/+$", "");
        return d.isEmpty() ? null : sanitize(d.substring(d.lastIndexOf('/') + 1));
    }

    /**
     * {@code https://user:pw@github.com/acme/shop.git}, {@code git@github.com:acme/shop.git} → {@code github.com/acme/shop}.
     */
    public static String normalizeRepo(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        String u = url.trim().replaceFirst("^[A-Za-z][A-Za-z0-9+.-]*://", "").replaceFirst("^[^@/]*@", "");
        if (!url.contains("://")) {
            u = u.replaceFirst("^([^/:]+):(?=[^0-9])", "$1/"); // scp-like syntax: host:path
        }
        u = u.replaceAll("/+$", "").replaceFirst("\\.git$", "");
        return u.isEmpty() ? null : u.toLowerCase(Locale.ROOT);
    }

    private static String mapped(List<String> mapping, String repo, String cwd) {
        String best = null;
        int bestLength = -1;
        for (String entry : mapping) {
            int eq = entry.lastIndexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = entry.substring(0, eq).trim();
            boolean matches = key.startsWith("/") ? cwd != null && (cwd.equals(key.replaceAll("/+$", ""))
                    || cwd.startsWith(key.endsWith("/") ? key : key + "/"))
                    : repo != null && repo.equals(normalizeRepo(key));
            if (matches && key.length() > bestLength) {
                best = sanitize(entry.substring(eq + 1).trim());
                bestLength = key.length();
            }
        }
        return best;
    }

    /** A project name the services accept ({@code [A-Za-z0-9][A-Za-z0-9._-]{0,127}}), or null. */
    static String sanitize(String name) {
        String cleaned = name.replaceAll("[^A-Za-z0-9._-]", "-").replaceFirst("^[^A-Za-z0-9]+", "");
        if (cleaned.length() > 128) {
            cleaned = cleaned.substring(0, 128);
        }
        return cleaned.isEmpty() ? null : cleaned;
    }
}
