package dev.brain.gateway.hooks;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The project of a hook call: the name of the git root above {@code cwd} (the nearest folder with a
 * {@code .git} entry), else the name of {@code cwd}, else the token's default project.
 */
public final class HookProjects {

    private HookProjects() {
    }

    public static String of(String cwd, String defaultProject) {
        if (cwd == null || cwd.isBlank()) {
            return defaultProject;
        }
        Path dir;
        try {
            dir = Path.of(cwd.trim()).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return defaultProject;
        }
        Path root = dir;
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"))) {
                root = p;
                break;
            }
        }
        String name = root.getFileName() == null ? null : sanitize(root.getFileName().toString());
        return name == null ? defaultProject : name;
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
