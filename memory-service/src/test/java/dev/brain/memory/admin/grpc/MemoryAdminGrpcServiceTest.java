package dev.brain.memory.admin.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.UUID;

import javax.sql.DataSource;

import jakarta.inject.Inject;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.brain.grpc.v1.MemoryAdminServiceGrpc;
import dev.brain.grpc.v1.MemoryStatsRequest;
import dev.brain.grpc.v1.TableCount;
import dev.brain.testing.GrpcTestChannel;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
class MemoryAdminGrpcServiceTest {

    @Inject
    DataSource dataSource;

    private ManagedChannel channel;

    @BeforeEach
    void open() {
        channel = GrpcTestChannel.open();
    }

    @AfterEach
    void close() {
        channel.shutdownNow();
    }

    private long rows(String tenant, String table) {
        return GrpcTestChannel.as(tenant, MemoryAdminServiceGrpc.newBlockingStub(channel))
                .stats(MemoryStatsRequest.getDefaultInstance()).getTablesList().stream()
                .filter(t -> t.getTable().equals(table)).mapToLong(TableCount::getRows).findFirst().orElseThrow();
    }

    @Test
    void statsCountsSynapsesPerTenantAndPairsPerTenantUser() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 8);
        String tenantA = "mem-a-" + run;
        String tenantB = "mem-b-" + run;
        try (Connection c = dataSource.getConnection();
                PreparedStatement insert = c.prepareStatement("""
                        insert into partition_stats (user_id, agent_id, node_count, active_count, edge_count)
                        values (?, 'claude', 0, 0, 0), (?, 'claude', 0, 0, 0)""")) {
            insert.setString(1, tenantA);
            insert.setString(2, tenantA + ":alice");
            insert.executeUpdate();
        }
        assertThat(rows(tenantA, "partition_stats")).isEqualTo(2);
        assertThat(rows(tenantB, "partition_stats")).isZero();
        assertThat(rows(tenantA, "synapse")).isZero();
    }

    @Test
    void statsWithoutTenantIsUnauthenticated() {
        assertThatThrownBy(() -> MemoryAdminServiceGrpc.newBlockingStub(channel).stats(MemoryStatsRequest.getDefaultInstance()))
                .isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
