package dev.brain.gateway.findings;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.brain.gateway.auth.ApiTokens;
import dev.brain.gateway.support.BrainServices;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;

/** {@code ./brain findings sync}, the real script against this gateway, in throw-away git repositories. */
@QuarkusTest
@QuarkusTestResource(BrainServices.class)
class FindingsSyncTest {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final String BODY = "The order cache looks per request but is per tenant. Evict it after imports.";

    @Inject
    ApiTokens tokens;

    @TempDir
    Path temp;

    private String token;
    private Path repo;

    record Run(int exit, String stdout, String stderr) {
    }

    @BeforeEach
    void tenantAndRepository() throws Exception {
        token = tokens.create("sync-" + UUID.randomUUID().toString().substring(0, 8), "default", Set.of("read", "write"),
                "test");
        repo = Files.createDirectories(temp.resolve("shop"));
        git(repo, "init", "-q");
        git(repo, "-c", "user.email=a@b", "-c", "user.name=a", "commit", "-q", "--allow-empty", "-m", "first");
    }

    private Run run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("brain").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        builder.environment().putAll(Map.of("BRAIN_GATEWAY_PORT", String.valueOf(RestAssured.port), "BRAIN_TOKEN", token,
                "BRAIN_DATA_DIR", temp.resolve("data").toString(), "GIT_CONFIG_GLOBAL", "/dev/null"));
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("finished in time").isTrue();
        return new Run(process.exitValue(), new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    private Run sync(Path dir, String... options) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("findings", "sync"));
        args.addAll(List.of(options));
        Run run = run(dir, args.toArray(String[]::new));
        assertThat(run.exit()).as(run.stderr()).isZero();
        return run;
    }

    private void git(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("GIT_CONFIG_GLOBAL", "/dev/null");
        Process process = builder.start();
        assertThat(process.waitFor(20, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isZero();
    }

    private void save(String project, String slug, String title) {
        given().header("Authorization", "Bearer " + token).contentType(ContentType.JSON)
                .body(Map.of("title", title, "body", BODY, "scope", "src/" + slug))
                .when().put("/api/v1/findings/" + project + "/traps/" + slug).then().statusCode(201);
    }

    /** Every file under {@code dir}, relative, sorted. */
    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void syncWritesExactlyTheIndexAndTheTrapsAndASecondRunChangesNothing() throws Exception {
        save("shop", "b-trap", "Second");
        save("shop", "a-trap", "First");
        save("web", "not-here", "Another project");
        Path sub = Files.createDirectories(repo.resolve("src/deep"));

        Run first = sync(sub);
        Path brain = repo.resolve(".brain");
        assertThat(files(brain)).containsExactly("INDEX.md", "traps/a-trap.md", "traps/b-trap.md");
        assertThat(Files.readString(brain.resolve("INDEX.md"))).isEqualTo("""
                # Findings — shop
                - [a-trap](traps/a-trap.md) — First — The order cache looks per request but is per tenant.
                - [b-trap](traps/b-trap.md) — Second — The order cache looks per request but is per tenant.
                """);
        assertThat(Files.readString(brain.resolve("traps/a-trap.md"))).isEqualTo("""
                ---
                slug: a-trap
                scope: src/a-trap
                source-task:
                verified-against:
                ---

                # First

                The order cache looks per request but is per tenant. Evict it after imports.
                """);
        assertThat(first.stdout()).contains("wrote .brain/INDEX.md", "wrote .brain/traps/a-trap.md",
                "wrote .brain/traps/b-trap.md", "findings of project shop: 2 in .brain/ (3 written, 0 removed)");

        long modified = Files.getLastModifiedTime(brain.resolve("traps/a-trap.md")).toMillis();
        Run second = sync(repo);
        assertThat(second.stdout()).doesNotContain("wrote").doesNotContain("removed .brain")
                .contains("(0 written, 0 removed)");
        assertThat(files(brain)).containsExactly("INDEX.md", "traps/a-trap.md", "traps/b-trap.md");
        assertThat(Files.getLastModifiedTime(brain.resolve("traps/a-trap.md")).toMillis()).isEqualTo(modified);
    }

    @Test
    void aFindingDeletedFromTheStoreLosesItsFileAndOtherFilesStay() throws Exception {
        save("shop", "a-trap", "First");
        save("shop", "b-trap", "Second");
        sync(repo);
        Path traps = repo.resolve(".brain/traps");
        Files.writeString(traps.resolve("notes.md"), "# my own notes, no frontmatter\n");
        Files.writeString(traps.resolve("renamed.md"), "---\nslug: b-trap\n---\n\n# kept: its slug is stored\n");

        given().header("Authorization", "Bearer " + token).when().delete("/api/v1/findings/shop/traps/a-trap")
                .then().statusCode(200);
        Run run = sync(repo);

        assertThat(run.stdout()).contains("removed .brain/traps/a-trap.md", "wrote .brain/INDEX.md",
                "(1 written, 1 removed)");
        assertThat(files(repo.resolve(".brain"))).containsExactly("INDEX.md", "traps/b-trap.md", "traps/notes.md",
                "traps/renamed.md");
        assertThat(Files.readString(repo.resolve(".brain/INDEX.md"))).doesNotContain("a-trap");
    }

    @Test
    void excludeAddsTheLineOnceAndWorktreesShareTheMainProjectAndExcludeFile() throws Exception {
        save("shop", "a-trap", "First");
        Path exclude = repo.resolve(".git/info/exclude");
        sync(repo, "--exclude");
        Run again = sync(repo, "--exclude");
        assertThat(again.stdout()).contains(".brain/ is already in");
        assertThat(Files.readAllLines(exclude).stream().filter(".brain/"::equals)).hasSize(1);

        Path worktree = temp.resolve("shop-feature");
        git(repo, "worktree", "add", "-q", worktree.toString());
        Run inWorktree = sync(worktree, "--exclude");
        assertThat(inWorktree.stdout()).contains("findings of project shop: 1 in .brain/");
        assertThat(files(worktree.resolve(".brain"))).containsExactly("INDEX.md", "traps/a-trap.md");
        assertThat(Files.readAllLines(exclude).stream().filter(".brain/"::equals)).hasSize(1);
        assertThat(Files.readString(worktree.resolve(".brain/INDEX.md"))).startsWith("# Findings — shop\n");
    }

    @Test
    void projectOptionAndFailuresOutsideGitOrWithABadProject() throws Exception {
        save("api", "x-trap", "From the api project");
        Run named = sync(repo, "--project", "api");
        assertThat(files(repo.resolve(".brain"))).containsExactly("INDEX.md", "traps/x-trap.md");
        assertThat(named.stdout()).contains("findings of project api: 1");

        Path plain = Files.createDirectories(temp.resolve("not-a-repo"));
        Run outside = run(plain, "findings", "sync");
        assertThat(outside.exit()).isEqualTo(2);
        assertThat(outside.stderr()).contains("not inside a git repository");
        assertThat(Files.exists(plain.resolve(".brain"))).isFalse();

        Run bad = run(repo, "findings", "sync", "--project", "no spaces");
        assertThat(bad.exit()).isNotZero();
        assertThat(bad.stderr()).contains("project:");
    }
}
