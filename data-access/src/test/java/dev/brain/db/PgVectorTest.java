package dev.brain.db;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PgVectorTest {

    @Test
    void theTextFormIsPgvectorsAndReadsBack() {
        float[] v = { 0.5f, -1.25f, 3.0e-8f };
        String text = PgVector.literal(v);
        assertThat(text).isEqualTo("[0.5,-1.25,3.0E-8]");
        assertThat(PgVector.parse(text)).containsExactly(v);
        assertThat(PgVector.parse("[1, 2,3]")).containsExactly(1f, 2f, 3f);
    }

    @Test
    void emptyAndNullVectors() {
        assertThat(PgVector.literal(new float[0])).isEqualTo("[]");
        assertThat(PgVector.parse("[]")).isEmpty();
        assertThat(PgVector.parse(null)).isNull();
    }
}
