package dev.brain.memory.pair;

import static dev.brain.tenancy.BadInput.invalid;

import java.util.regex.Pattern;

import dev.brain.grpc.v1.Pair;
import dev.brain.tenancy.Tenancy;
import dev.brain.tenancy.TenantUsers;
import io.grpc.Status;

/**
 * The pair of a memory request (memory.md §4.1, §14): both ids 1–100 chars of {@code [A-Za-z0-9._:@/-]}, and
 * the pair belongs to the caller's tenant — {@code user_id} equal to the tenant or starting with
 * {@code <tenant>:} (the rule {@code MemoryNodes} applies to synapse endpoints) — else PERMISSION_DENIED. Every
 * feature that takes a pair (short-term, long-term, pipeline log, admin) checks it here, below all of them.
 */
public final class PairAccess {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@/-]{1,100}");

    /** A validated pair of the caller's tenant. */
    public record PairId(String userId, String agentId) {
    }

    private PairAccess() {
    }

    /** @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT (pair.user_id / pair.agent_id) or PERMISSION_DENIED */
    public static PairId require(Pair pair) {
        String tenant = Tenancy.currentTenant();
        if (!ID.matcher(pair.getUserId()).matches()) {
            throw invalid("pair.user_id: 1–100 characters of [A-Za-z0-9._:@/-] required");
        }
        if (!ID.matcher(pair.getAgentId()).matches()) {
            throw invalid("pair.agent_id: 1–100 characters of [A-Za-z0-9._:@/-] required");
        }
        if (!belongsTo(tenant, pair.getUserId())) {
            throw Status.PERMISSION_DENIED.withDescription("pair.user_id '" + pair.getUserId()
                    + "' does not belong to the caller's tenant").asRuntimeException();
        }
        return new PairId(pair.getUserId(), pair.getAgentId());
    }

    public static boolean belongsTo(String tenant, String userId) {
        return TenantUsers.belongsTo(tenant, userId);
    }

    /**
     * Whether two user ids belong to one tenant (a tenant has no ':', a user id is {@code <tenant>[:<user>]}). An id
     * that exists under another pair of the caller's own tenant is PERMISSION_DENIED; one of another tenant is
     * NOT_FOUND, exactly as an unknown id, so ids cannot be probed across tenants (docs/decisions.md).
     */
    public static boolean sameTenant(String userId, String otherUserId) {
        return tenantOf(userId).equals(tenantOf(otherUserId));
    }

    private static String tenantOf(String userId) {
        int colon = userId.indexOf(':');
        return colon < 0 ? userId : userId.substring(0, colon);
    }

}
