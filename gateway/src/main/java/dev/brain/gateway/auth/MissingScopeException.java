package dev.brain.gateway.auth;

import io.quarkiverse.mcp.server.ToolCallException;

/**
 * A call the token's scopes do not allow. A {@link ToolCallException}, so an MCP tool answers {@code isError} with
 * the message; REST and hooks answer 403 {@code {"error", "required_scope"}} ({@link MissingScopeMapper}).
 */
public class MissingScopeException extends ToolCallException {

    private final TokenScope required;

    public MissingScopeException(TokenScope required, String message) {
        super(message);
        this.required = required;
    }

    public TokenScope required() {
        return required;
    }
}
