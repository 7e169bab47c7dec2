package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

class MatchSignalTest {

    @Test
    void theWeightsOfSection57() {
        assertThat(Arrays.stream(MatchSignal.values()).map(s -> s.key() + "=" + s.weight()))
                .containsExactly("fingerprint=0.3", "message=0.2", "type=0.15", "stack=0.15", "file=0.1", "full_text=0.1");
        assertThat(Arrays.stream(MatchSignal.values()).mapToDouble(MatchSignal::weight).sum()).isCloseTo(1.0, within(1e-12));
    }

    @Test
    void aStoredKeyIsItsSignalAndAnUnknownOneIsRefused() {
        assertThat(MatchSignal.of("full_text")).isEqualTo(MatchSignal.FULL_TEXT);
        assertThatThrownBy(() -> MatchSignal.of("color")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no match signal color");
    }
}
