package dev.brain.memory.entity;

/** The pair a registry row belongs to. */
public record EntityOwner(String userId, String agentId) {

    public boolean is(String user, String agent) {
        return userId.equals(user) && agentId.equals(agent);
    }
}
