package dev.brain.error.fuzz;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.brain.error.intake.AnalyzedError;

/** What {@link LinearTimeFuzzTest} found in the intake, as an example. */
class IntakeRegressionTest {

    /** It used to be truncated first: the truncation marker made it a stored "error" that took a second to analyze. */
    @Test
    void anAllBlankOutputOverOneMebibyteIsEmpty() {
        assertThatThrownBy(() -> AnalyzedError.of(" \n ".repeat(400_000))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("raw_output is empty");
    }
}
