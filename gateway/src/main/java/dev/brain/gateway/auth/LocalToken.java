package dev.brain.gateway.auth;

import java.util.Set;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;

/**
 * At start, makes sure the local token file exists and its token is accepted. It is the machine owner's token:
 * scopes read, write, admin and system (every tenant's tokens, the global jobs); an older row gains system here.
 */
@ApplicationScoped
public class LocalToken {

    void onStart(@Observes StartupEvent event, AuthConfig config, ApiTokens tokens) {
        config.localTokenFile().ifPresent(file -> {
            tokens.ensureTokenFile(file, config.localTenant(), config.localProject(),
                    Set.of(Caller.READ, Caller.WRITE, Caller.ADMIN, Caller.SYSTEM));
            Log.infof("local token of tenant '%s' is in %s", config.localTenant(), file);
        });
    }
}
