package dev.brain.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Field;
import com.google.protobuf.Syntax;

/** Protobuf's own well-known enums stand in for Brain's (this library generates no proto classes). */
class WireNamesTest {

    @Test
    void aValueIsItsNameWithoutTheEnumsPrefix() {
        assertThat(WireNames.of(Syntax.SYNTAX_PROTO3)).isEqualTo("proto3");
        assertThat(WireNames.constant(Field.Cardinality.CARDINALITY_REPEATED)).isEqualTo("REPEATED");
        assertThat(WireNames.prefixOf(Field.Cardinality.getDescriptor())).isEqualTo("CARDINALITY_");
    }

    @Test
    void aNameIsParsedBackInAnyCase() {
        assertThat(WireNames.parse(Syntax.class, "proto2")).isEqualTo(Syntax.SYNTAX_PROTO2);
        assertThat(WireNames.parse(Field.Cardinality.class, " Optional ")).isEqualTo(Field.Cardinality.CARDINALITY_OPTIONAL);
        assertThat(WireNames.parse(Syntax.class, "proto9")).isNull();
        assertThat(WireNames.parse(Syntax.class, null)).isNull();
        assertThat(WireNames.valueOf(Syntax.class, "EDITIONS")).isEqualTo(Syntax.SYNTAX_EDITIONS);
        assertThatThrownBy(() -> WireNames.valueOf(Syntax.class, "proto9"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Syntax has no value named proto9");
    }

    @Test
    void aValueWithoutItsEnumsPrefixIsAContractError() {
        // Field.Kind's values are TYPE_*, not KIND_*: cutting "KIND_".length() characters would give "DOUBLE" by luck
        assertThatThrownBy(() -> WireNames.of(Field.Kind.TYPE_DOUBLE))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("KIND_");
    }
}
