package dev.brain.error.finding.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.finding.Finding;
import dev.brain.error.finding.service.FindingService;
import dev.brain.grpc.v1.SaveFindingRequest;

class FindingMapperTest {

    static final OffsetDateTime CREATED = OffsetDateTime.of(2026, 12, 1, 10, 0, 0, 123_000_000, ZoneOffset.UTC);

    @Test
    void aFindingWithoutSessionMapsToEmptyKeyAndKeepsItsTimes() {
        Finding f = new Finding(7, "shop", "cache", "Title", "Hook.", "Body. More.", "src", "task", "0a1b2c3", null,
                CREATED, CREATED.plusSeconds(5));
        var proto = FindingMapper.toProto(f);
        assertThat(proto.getId()).isEqualTo(7);
        assertThat(proto.getProject()).isEqualTo("shop");
        assertThat(proto.getSlug()).isEqualTo("cache");
        assertThat(proto.getScope()).isEqualTo("src");
        assertThat(proto.getUpdatedSessionKey()).isEmpty();
        assertThat(proto.getCreatedAt().getSeconds()).isEqualTo(CREATED.toEpochSecond());
        assertThat(proto.getCreatedAt().getNanos()).isEqualTo(123_000_000);
        assertThat(proto.getUpdatedAt().getSeconds()).isEqualTo(CREATED.toEpochSecond() + 5);
    }

    @Test
    void theRequestsFindingScopeIsTheFindingsPathScope() {
        var in = FindingMapper.input(SaveFindingRequest.newBuilder().setSlug("s").setTitle("T").setBody("A. B.")
                .setFindingScope("src/x").build());
        assertThat(in.scope()).isEqualTo("src/x");
        assertThat(in.hook()).isEqualTo("A.");
        assertThat(in.sourceTask()).isEmpty();
        assertThat(in.verifiedAgainst()).isEmpty();
    }

    @Test
    void exportKeepsTheFileOrderAndTheSlugs() {
        var export = FindingMapper.export(new FindingService.Export(List.of(
                new FindingService.ExportedFile("INDEX.md", "# Findings — shop\n"),
                new FindingService.ExportedFile("traps/a.md", "a")), List.of("a")));
        assertThat(export.getFilesList()).extracting(f -> f.getPath()).containsExactly("INDEX.md", "traps/a.md");
        assertThat(export.getSlugsList()).containsExactly("a");
    }
}
