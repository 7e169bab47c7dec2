package dev.brain.tenancy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.google.protobuf.Duration;
import com.google.protobuf.ListValue;
import com.google.protobuf.StringValue;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;

/** The one rule for request text: NUL removed, invisible-only text blank; over Struct, lists and maps too. */
class RequestTextTest {

    @Test
    void nulIsRemovedAndInvisibleOnlyTextIsBlank() {
        assertThat(RequestText.clean("x = \"a\u0000b\"\n")).isEqualTo("x = \"ab\"\n");
        assertThat(RequestText.clean("\u0000")).isEmpty();
        assertThat(RequestText.clean("\u200b\u202e")).isEmpty();
        assertThat(RequestText.clean(" \n\t\r\u00a0\u3000\ufeff\u2060\u3164\u2800\ufe0f")).isEmpty();
        assertThat(RequestText.clean("\u202eevil")).isEqualTo("\u202eevil");
        assertThat(RequestText.clean("é 😀")).isEqualTo("é 😀");
        assertThat(RequestText.clean("")).isEmpty();
        assertThat(RequestText.clean((String) null)).isNull();
    }

    @Test
    void everyStringOfARequestIsCleanedNestedListsAndMapsIncluded() {
        Struct request = Struct.newBuilder()
                .putFields("code", Value.newBuilder().setStringValue("a\u0000b").build())
                .putFields("list", Value.newBuilder().setListValue(ListValue.newBuilder()
                        .addValues(Value.newBuilder().setStringValue("\u200b"))
                        .addValues(Value.newBuilder().setNumberValue(1))).build())
                .putFields("kept", Value.newBuilder().setStringValue("fine").build())
                .build();
        Struct clean = RequestText.clean(request);
        assertThat(clean.getFieldsOrThrow("code").getStringValue()).isEqualTo("ab");
        assertThat(clean.getFieldsOrThrow("list").getListValue().getValues(0).getStringValue()).isEmpty();
        assertThat(clean.getFieldsOrThrow("list").getListValue().getValues(0).getKindCase())
                .isEqualTo(Value.KindCase.STRING_VALUE);
        assertThat(clean.getFieldsOrThrow("list").getListValue().getValues(1).getNumberValue()).isEqualTo(1.0);
        assertThat(clean.getFieldsOrThrow("kept").getStringValue()).isEqualTo("fine");
    }

    @Test
    void aRequestWithNothingToCleanIsTheSameInstance() {
        StringValue fine = StringValue.of("connection refused");
        assertThat(RequestText.clean(fine)).isSameAs(fine);
        Duration noText = Duration.newBuilder().setSeconds(5).build();
        assertThat(RequestText.clean(noText)).isSameAs(noText);
        assertThat(RequestText.holdsText(Duration.getDescriptor())).isFalse();
        assertThat(RequestText.holdsText(Struct.getDescriptor())).isTrue();
    }
}
