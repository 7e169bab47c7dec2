package dev.brain.memory.log.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.util.UUID;

import org.junit.jupiter.api.Test;

import com.google.protobuf.ListValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;

import dev.brain.grpc.v1.LogArt;
import dev.brain.grpc.v1.PipelineLogEntry;
import dev.brain.memory.log.LogLine;

class PipelineLogMapperTest {

    private static Value str(String s) {
        return Value.newBuilder().setStringValue(s).build();
    }

    @Test
    void everyArtMapsToItsTableNameAndBack() {
        for (LogArt art : LogArt.values()) {
            if (art == LogArt.LOG_ART_UNSPECIFIED || art == LogArt.UNRECOGNIZED) {
                assertThat(PipelineLogMapper.art(art)).isNull();
                continue;
            }
            String name = PipelineLogMapper.art(art);
            assertThat(name).matches("[a-z_]+");
            assertThat(PipelineLogMapper.art(name)).isEqualTo(art);
        }
        assertThat(PipelineLogMapper.art(LogArt.LOG_ART_TURN_RAW)).isEqualTo("turn_raw");
        assertThat(PipelineLogMapper.art(LogArt.LOG_ART_SPAN_START)).isEqualTo("span_start");
    }

    @Test
    void contentRoundTripsAsJsonWithNulCharactersRemoved() {
        Value object = Value.newBuilder().setStructValue(Struct.newBuilder()
                .putFields("decision", str("memory.read\u0000.anchor"))
                .putFields("k\u0000ey", Value.newBuilder().setBoolValue(true).build())
                .putFields("measure", Value.newBuilder().setListValue(ListValue.newBuilder()
                        .addValues(Value.newBuilder().setNumberValue(0.5))).build()))
                .build();
        String json = PipelineLogMapper.json(object);
        assertThat(json).doesNotContain("\u0000").doesNotContain("\\u0000");
        Value back = PipelineLogMapper.value(json);
        assertThat(back.getStructValue().getFieldsMap()).containsKeys("decision", "key", "measure");
        assertThat(back.getStructValue().getFieldsOrThrow("decision").getStringValue()).isEqualTo("memory.read.anchor");
        assertThat(PipelineLogMapper.json(str("plain"))).isEqualTo("\"plain\"");
        assertThat(PipelineLogMapper.value("\"plain\"")).isEqualTo(str("plain"));
        assertThat(PipelineLogMapper.value((String) null)).isNull();
    }

    @Test
    void aNonFiniteNumberIsNotJson() {
        Value nan = Value.newBuilder().setStructValue(Struct.newBuilder()
                .putFields("x", Value.newBuilder().setNumberValue(Double.NaN).build())).build();
        assertThatThrownBy(() -> PipelineLogMapper.json(nan)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not finite");
    }

    @Test
    void aStoredRowWithoutOptionalFieldsLeavesThemUnset() {
        OffsetDateTime at = OffsetDateTime.parse("2026-05-01T10:00:00.123456Z");
        PipelineLogEntry bare = PipelineLogMapper.entry(new LogLine.Stored(7,
                new LogLine(at, "background", null, null, null, "note", null, null, null)));
        assertThat(bare.getId()).isEqualTo(7);
        assertThat(bare.getArt()).isEqualTo(LogArt.LOG_ART_NOTE);
        assertThat(bare.hasPair()).isFalse();
        assertThat(bare.hasContent()).isFalse();
        assertThat(bare.getSpanId()).isEmpty();
        assertThat(bare.getCreatedAt().getNanos()).isEqualTo(123_456_000);

        UUID span = UUID.randomUUID();
        PipelineLogEntry full = PipelineLogMapper.entry(new LogLine.Stored(8,
                new LogLine(at, "t1", span, "u", "memory.read", "switch", "{\"a\":1}", "t:u", "claude")));
        assertThat(full.getSpanId()).isEqualTo(span.toString());
        assertThat(full.getPair().getUserId()).isEqualTo("t:u");
        assertThat(full.getPair().getAgentId()).isEqualTo("claude");
        assertThat(full.getContent().getStructValue().getFieldsOrThrow("a").getNumberValue()).isEqualTo(1.0);
    }
}
