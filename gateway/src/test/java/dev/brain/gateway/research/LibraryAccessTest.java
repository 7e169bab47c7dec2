package dev.brain.gateway.research;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.Pair;

/** The gateway's own checks of library paths and the pair a read acts for (no services needed). */
class LibraryAccessTest {

    @Test
    void pathsThatCouldLeaveThePairDirectoryAreRejectedNamingTheField() {
        for (String bad : new String[] { "../x", "a/../../b.md", "./x.md", "/etc/passwd", "a//b.md", "a\\..\\b.md",
                "claude/u/\uFF0E\uFF0E\uFF0Fx.md", "claude/u/x.md\u0000", "~/x.md", " " }) {
            assertThatThrownBy(() -> LibraryAccess.path(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("path:");
        }
        assertThatThrownBy(() -> LibraryAccess.path("a".repeat(1001))).hasMessage("path: 1001 characters, at most 1000");
    }

    @Test
    void libraryPathsAndBareFileNamesPass() {
        assertThat(LibraryAccess.path(" claude/alice/2026-12-02_alice_hnsw_knowledge.md "))
                .isEqualTo("claude/alice/2026-12-02_alice_hnsw_knowledge.md");
        assertThat(LibraryAccess.path("2026-12-02_alice_hnsw_knowledge.md")).isEqualTo("2026-12-02_alice_hnsw_knowledge.md");
    }

    @Test
    void aReadActsForTheAgentArgumentElseThePathsAgentOfThisUserElseClaude() {
        assertThat(LibraryAccess.pair("alice", "codex/alice/f.md", null))
                .isEqualTo(Pair.newBuilder().setUserId("alice").setAgentId("codex").build());
        assertThat(LibraryAccess.pair("alice", "codex/alice/f.md", "claude").getAgentId()).isEqualTo("claude");
        // another user's path does not pick the agent: the read stays in alice's claude library (and fails there)
        assertThat(LibraryAccess.pair("alice", "codex/bob/f.md", null).getAgentId()).isEqualTo("claude");
        assertThat(LibraryAccess.pair("alice", "f.md", "").getAgentId()).isEqualTo("claude");
    }

    @Test
    void salienceIsRequiredAndWithinZeroToOne() {
        assertThatThrownBy(() -> LibraryAccess.salience(null)).hasMessageStartingWith("salience: is required");
        assertThatThrownBy(() -> LibraryAccess.salience(-0.1)).hasMessage("salience: -0.1 is outside 0-1");
        assertThatThrownBy(() -> LibraryAccess.salience(Double.NaN)).hasMessage("salience: NaN is outside 0-1");
        assertThat(LibraryAccess.salience(0.0)).isZero();
        assertThat(LibraryAccess.salience(1.0)).isEqualTo(1.0);
    }
}
