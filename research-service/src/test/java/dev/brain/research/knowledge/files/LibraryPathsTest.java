package dev.brain.research.knowledge.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;

class LibraryPathsTest {

    static final String DIR = "claude/acme%3Aalice";

    @Test
    void pairIdsArePercentEncodedIntoOneSegment() {
        assertThat(LibraryPaths.segment("acme:alice")).isEqualTo("acme%3Aalice");
        assertThat(LibraryPaths.segment("a/b@c.d_e-f")).isEqualTo("a%2Fb%40c.d_e-f");
        assertThat(LibraryPaths.segment("../x")).isEqualTo("..%2Fx").doesNotContain("/");
        assertThat(LibraryPaths.decode("a%2Fb%40c.d_e-f")).contains("a/b@c.d_e-f");
    }

    @Test
    void longEncodedIdsAreShortenedWithAHashAndStayDistinct() {
        String a = "/".repeat(100);
        String b = "/".repeat(99) + ":";
        String sa = LibraryPaths.segment(a);
        assertThat(sa).hasSizeLessThanOrEqualTo(LibraryPaths.MAX_SEGMENT).contains("~").doesNotContain("/");
        assertThat(sa).isNotEqualTo(LibraryPaths.segment(b));
        assertThat(sa.substring(0, sa.indexOf('~'))).matches("(%2F)+");
        assertThat(LibraryPaths.decode(sa)).isEmpty();
        assertThat(LibraryPaths.knowledgeFile("2026-12-02", a, "x".repeat(80), 9).getBytes()).hasSizeLessThan(255);
    }

    @Test
    void fileNamesCarryDateUserSlugAndASuffixForASecondReport() {
        assertThat(LibraryPaths.knowledgeFile("2026-12-02", "acme:alice", "kafka", 1))
                .isEqualTo("2026-12-02_acme%3Aalice_kafka_knowledge.md");
        assertThat(LibraryPaths.reportFile("2026-12-02", "acme:alice", "kafka", 2))
                .isEqualTo("2026-12-02_acme%3Aalice_kafka_report-2.md");
    }

    @Test
    void callerPathsResolveToAFileOfTheOwnPairOnly() {
        assertThat(LibraryPaths.callerFileName("a_b.md", DIR)).isEqualTo("a_b.md");
        assertThat(LibraryPaths.callerFileName(DIR + "/a_b.md", DIR)).isEqualTo("a_b.md");
        for (String bad : List.of("", "../a.md", "/abs.md", "a\\b.md", "x.md\u0000", "\u2024\u2024/a.md",
                "\uFF0E\uFF0E/a.md", "..\u2215a.md", "claude/acme%3Abob/a.md", DIR + "/../x/a.md", "./a.md", "a",
                "a.txt", "a//b.md", "C:/x.md", "a b.md", "caf\u00e9.md")) {
            assertThatThrownBy(() -> LibraryPaths.callerFileName(bad, DIR)).as(bad)
                    .isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
                        assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
                        assertThat(e.getStatus().getDescription()).startsWith("path");
                    });
        }
    }
}
