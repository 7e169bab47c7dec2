package dev.brain.error.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;

/** The project-id lookup of every write remembers only ids whose transaction committed. */
@QuarkusTest
class ScopesTest extends ErrorServiceTestBase {

    @Inject
    Scopes scopes;

    @Test
    void aProjectCreatedInARolledBackTransactionIsNotRemembered() {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        long[] rolledBack = new long[1];
        assertThatThrownBy(() -> QuarkusTransaction.requiringNew().run(() -> {
            rolledBack[0] = scopes.projectId(tenant, "draft", now);
            throw new IllegalStateException("a later step of the call failed");
        })).hasMessageContaining("a later step of the call failed");
        assertThat(rolledBack[0]).isPositive();
        assertThat(projects("draft")).isZero();

        long created = QuarkusTransaction.requiringNew().call(() -> scopes.projectId(tenant, "draft", now));
        assertThat(created).isNotEqualTo(rolledBack[0]);
        assertThat(projects("draft")).isEqualTo(1);
        assertThat(QuarkusTransaction.requiringNew().call(() -> scopes.projectId(tenant, "draft", now))).isEqualTo(created);
        // the id the next report is stored under is the committed one
        assertThat(report("draft", "Error: boom\n    at x (/a/b.js:1:1)").getError().getProjectId()).isEqualTo(created);
    }

    private long projects(String name) {
        return QuarkusTransaction.requiringNew().call(() -> jdbc.count(
                "select count(*) from project where tenant = ? and name = ?", tenant, name));
    }
}
