package dev.brain.gateway.auth;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * The one check of scopes: before a method annotated {@link RequiresScope} runs (every MCP tool, REST endpoint
 * and hook), the caller's token must hold that scope or a higher one ({@link TokenScope#implies}). Refused →
 * {@link MissingScopeException}: MCP {@code isError}, REST 403. Runs before the method, so nothing is read or written.
 */
@RequiresScope(TokenScope.SYSTEM)
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class ScopeGuard {

    private final CurrentCaller caller;

    public ScopeGuard(CurrentCaller caller) {
        this.caller = caller;
    }

    @AroundInvoke
    Object check(InvocationContext context) throws Exception {
        RequiresScope declared = context.getInterceptorBinding(RequiresScope.class);
        require(caller.get(), declared.value(), "this call");
        return context.proceed();
    }

    /**
     * Refuses unless the caller holds {@code required} (or a higher scope); {@code what} names the call in the
     * message. Also for the few checks that depend on an argument (another tenant's tokens, acknowledging).
     */
    public static void require(Caller caller, TokenScope required, String what) {
        if (!caller.has(required)) {
            TokenScope held = TokenScope.highest(caller.scopes());
            throw new MissingScopeException(required, "scope: " + what + " needs a token with scope " + required.id()
                    + "; this token has " + (held == null ? "no scope" : "scope " + held.id()));
        }
    }
}
