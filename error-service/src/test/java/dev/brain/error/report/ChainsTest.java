package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.GetChainRequest;
import dev.brain.grpc.v1.ReportErrorResponse;
import io.quarkus.test.junit.QuarkusTest;

/** Error chains (error-code.md §5.10): 10 minutes, one session, different errors. */
@QuarkusTest
class ChainsTest extends ErrorServiceTestBase {

    static final String FIRST = "Error: Cannot find module 'zod'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)\n    at load (/srv/app/src/schema.js:3:1)";
    static final String SECOND = "TypeError: schema.parse is not a function\n    at validate (/srv/app/src/validate.js:12:20)";
    static final String THIRD = "ReferenceError: user is not defined\n    at handler (/srv/app/src/routes.js:40:5)";

    @Test
    void errorsNineMinutesApartInOneSessionChainAndTheChainGrows() {
        long a = report("shop", "s1", FIRST, "npm test").getError().getId();
        clock.advance(Duration.ofMinutes(9));
        ReportErrorResponse b = report("shop", "s1", SECOND, "npm test");
        assertThat(b.hasChainLink()).isTrue();
        assertThat(b.getChainLink().getPosition()).isEqualTo(1);
        assertThat(b.getChainLink().getNewChain()).isTrue();
        assertThat(b.getChainLink().getPreviousErrorId()).isEqualTo(a);
        assertThat(b.getChainLink().getTimeDeltaMs()).isEqualTo(Duration.ofMinutes(9).toMillis());

        clock.advance(Duration.ofMinutes(2));
        ReportErrorResponse c = report("shop", "s1", THIRD, "npm test");
        assertThat(c.getChainLink().getChainId()).isEqualTo(b.getChainLink().getChainId());
        assertThat(c.getChainLink().getPosition()).isEqualTo(2);
        assertThat(c.getChainLink().getNewChain()).isFalse();

        var chain = errors().getChain(GetChainRequest.newBuilder().setChainId(b.getChainLink().getChainId()).build())
                .getChains(0);
        assertThat(chain.getLength()).isEqualTo(3);
        assertThat(chain.getEntriesList()).extracting(e -> e.getErrorId())
                .containsExactly(a, b.getError().getId(), c.getError().getId());
        assertThat(chain.getEntries(0).hasTimeDeltaMs()).isFalse();
        assertThat(chain.getEntries(2).getTimeDeltaMs()).isEqualTo(Duration.ofMinutes(2).toMillis());
    }

    @Test
    void elevenMinutesApartOrAnotherSessionOrARepeatDoNotChain() {
        report("shop", "s1", FIRST, "npm test");
        clock.advance(Duration.ofMinutes(11));
        assertThat(report("shop", "s1", SECOND, "npm test").hasChainLink()).isFalse();
        clock.advance(Duration.ofMinutes(1));
        assertThat(report("shop", "s2", THIRD, "npm test").hasChainLink()).isFalse();
        clock.advance(Duration.ofMinutes(1));
        assertThat(report("shop", "s2", THIRD, "npm test").hasChainLink()).isFalse();
        assertThat(report("shop", FIRST).hasChainLink()).isFalse();
        assertThat(jdbc.count("select count(*) from error_chain where tenant = ?", tenant)).isZero();
    }
}
