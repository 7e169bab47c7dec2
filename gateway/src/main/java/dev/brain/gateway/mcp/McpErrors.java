package dev.brain.gateway.mcp;

import java.util.function.Supplier;

import dev.brain.gateway.Reasons;
import dev.brain.gateway.client.ServiceCallException;
import io.quarkiverse.mcp.server.ToolCallException;
import io.smallrye.mutiny.Uni;

/** The one helper that turns a failed tool call into an MCP tool result with {@code isError} and one line. */
final class McpErrors {

    private McpErrors() {
    }

    static <T> Uni<T> guard(Supplier<Uni<T>> call) {
        Uni<T> uni;
        try {
            uni = call.get();
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().failure(new ToolCallException(Reasons.oneLine(e.getMessage())));
        }
        return uni.onFailure(ServiceCallException.class).transform(f -> new ToolCallException(Reasons.oneLine(f.getMessage())))
                .onFailure(IllegalArgumentException.class)
                .transform(f -> new ToolCallException(Reasons.oneLine(f.getMessage())));
    }
}
