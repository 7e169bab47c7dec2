package dev.brain.research.knowledge;

import java.util.regex.Pattern;

import dev.brain.grpc.v1.Pair;
import dev.brain.research.knowledge.files.LibraryPaths;
import dev.brain.tenancy.TenantUsers;
import io.grpc.Status;

/**
 * The (agent, user) pair a library request acts for (research.md §2.1): both ids 1–100 chars of
 * {@code [A-Za-z0-9._:@/-]} (common.proto), never "." or ".." as a whole, and the user belongs to the caller's
 * tenant (the user id is the tenant or starts with {@code <tenant>:}, as memory-service checks it). Its directory
 * is {@code <root>/<agent segment>/<user segment>} ({@link LibraryPaths#segment}).
 */
public record KnowledgePair(String userId, String agentId) {

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9._:@/-]{1,100}");

    /** @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT (pair.user_id / pair.agent_id) or PERMISSION_DENIED */
    public static KnowledgePair of(Pair pair, String tenant) {
        String user = id(pair.getUserId(), "pair.user_id");
        String agent = id(pair.getAgentId(), "pair.agent_id");
        if (tenant != null && !TenantUsers.belongsTo(tenant, user)) {
            throw Status.PERMISSION_DENIED.withDescription("pair.user_id '" + user
                    + "' does not belong to the caller's tenant").asRuntimeException();
        }
        return new KnowledgePair(user, agent);
    }

    /** "agent/user", the human description of the pair (footprint scope, logs). */
    public String label() {
        return agentId + "/" + userId;
    }

    /** The pair's directory relative to the library root: {@code <agent segment>/<user segment>}. */
    public String directory() {
        return LibraryPaths.segment(agentId) + "/" + LibraryPaths.segment(userId);
    }

    private static String id(String value, String field) {
        if (!ID.matcher(value).matches() || value.equals(".") || value.equals("..")) {
            throw Status.INVALID_ARGUMENT.withDescription(field
                    + ": 1–100 characters of [A-Za-z0-9._:@/-] required, not '.' or '..'").asRuntimeException();
        }
        return value;
    }
}
