package dev.brain.gateway.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HookProjectsTest {

    @TempDir
    Path temp;

    @Test
    void theGitRootAboveTheWorkingDirectoryNamesTheProject() throws Exception {
        Path repo = Files.createDirectories(temp.resolve("shop-api"));
        Files.createDirectories(repo.resolve(".git"));
        Path deep = Files.createDirectories(repo.resolve("src/main/java"));
        assertThat(HookProjects.of(deep.toString(), "default")).isEqualTo("shop-api");
    }

    @Test
    void aGitFileOfAWorktreeCountsToo() throws Exception {
        Path worktree = Files.createDirectories(temp.resolve("wt-feature"));
        Files.writeString(worktree.resolve(".git"), "gitdir: /somewhere/else\n");
        assertThat(HookProjects.of(worktree.resolve("sub").toString(), "default")).isEqualTo("wt-feature");
    }

    @Test
    void withoutGitTheFolderNameIsUsedMadeValid() {
        assertThat(HookProjects.of("/nowhere/at all/My Project!", "default")).isEqualTo("My-Project-");
        assertThat(HookProjects.of("", "default")).isEqualTo("default");
        assertThat(HookProjects.of(null, "default")).isEqualTo("default");
        assertThat(HookProjects.of("/", "default")).isEqualTo("default");
    }
}
