package dev.brain.gateway.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;

import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.Observer;
import dev.brain.grpc.v1.TimePrecision;
import dev.brain.grpc.v1.TimeRef;

/** The argument rules of the memory tools, without services. */
class AgentMemoryTest {

    private static Instant at(TimeRef ref) {
        return Instant.ofEpochSecond(ref.getAt().getSeconds(), ref.getAt().getNanos());
    }

    @Test
    void theTimePrecisionFollowsTheFormOfTheTimeUnlessGiven() {
        assertThat(AgentMemory.timeRef("2026", null).getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_YEAR);
        assertThat(AgentMemory.timeRef("2026-11", null).getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_MONTH);
        TimeRef day = AgentMemory.timeRef("2026-11-30", null);
        assertThat(day.getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_DAY);
        assertThat(at(day)).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
        TimeRef minute = AgentMemory.timeRef("2026-11-30T14:05:00+01:00", null);
        assertThat(minute.getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_MINUTE);
        assertThat(at(minute)).isEqualTo(Instant.parse("2026-11-30T13:05:00Z"));
        assertThat(at(AgentMemory.timeRef("2026-11-30T14:05", null))).as("no offset = UTC")
                .isEqualTo(Instant.parse("2026-11-30T14:05:00Z"));
        assertThat(AgentMemory.timeRef("2026-11-30", "Quarter").getPrecision()).isEqualTo(TimePrecision.TIME_PRECISION_QUARTER);
        assertThat(AgentMemory.timeRef(null, null)).isNull();
    }

    @Test
    void badTimesNameTheirField() {
        assertThatThrownBy(() -> AgentMemory.timeRef("last tuesday", null)).hasMessageStartingWith("time: 'last tuesday'");
        assertThatThrownBy(() -> AgentMemory.timeRef("2026-13-01", null)).hasMessageStartingWith("time: '2026-13-01'");
        assertThatThrownBy(() -> AgentMemory.timeRef(null, "day")).hasMessage("time: is required when time_precision is given");
        assertThatThrownBy(() -> AgentMemory.timeRef("2026", "decade")).hasMessageStartingWith("time_precision: 'decade'");
    }

    @Test
    void salienceObserverAndAgentAreChecked() {
        assertThat(AgentMemory.salience(0.0)).isZero();
        assertThatThrownBy(() -> AgentMemory.salience(null)).hasMessageStartingWith("salience: is required");
        assertThatThrownBy(() -> AgentMemory.salience(-0.1)).hasMessage("salience: -0.1 is outside 0–1");
        assertThatThrownBy(() -> AgentMemory.salience(Double.NaN)).hasMessageStartingWith("salience: NaN");
        assertThat(AgentMemory.observer(null)).isEqualTo(Observer.OBSERVER_USER);
        assertThat(AgentMemory.observer("Assistant")).isEqualTo(Observer.OBSERVER_ASSISTANT);
        assertThatThrownBy(() -> AgentMemory.observer("bot")).hasMessageStartingWith("observer: 'bot'");
        assertThat(AgentMemory.agent(null)).isEqualTo("claude");
        assertThatThrownBy(() -> AgentMemory.agent("two words")).hasMessageStartingWith("agent: 'two words'");
    }

    @Test
    void thePairIsTheTenantAndTheAgent() {
        var pair = AgentMemory.pair("acme", null);
        assertThat(pair.getUserId()).isEqualTo("acme");
        assertThat(pair.getAgentId()).isEqualTo("claude");
        assertThat(AgentMemory.displayName("claude")).isEqualTo("Claude");
    }
}
