package dev.brain.testing.offline;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * No outbound connection during a service's whole test suite: registered for every test class of a module that
 * has service-testing on its test classpath (JUnit's extension auto-detection, which Quarkus' test configuration
 * turns on; {@code META-INF/services/org.junit.jupiter.api.extension.Extension}). Before the first class it starts
 * {@link SocketWatch}; after each class it fails that class when a non-loopback connection was seen since the
 * previous check — by the watch, or by {@link OutboundConnectionRecorder} while an application started.
 */
public class NoPhoneHomeExtension implements BeforeAllCallback, AfterAllCallback {

    private static int reported;

    @Override
    public void beforeAll(ExtensionContext context) {
        SocketWatch.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            Thread.sleep(SocketWatch.INTERVAL_MS + 10); // one more sample of the watch covers the class's end
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<String> fresh;
        synchronized (NoPhoneHomeExtension.class) {
            List<String> all = SocketWatch.outbound();
            fresh = new ArrayList<>(all.subList(Math.min(reported, all.size()), all.size()));
            reported = all.size();
        }
        if (!fresh.isEmpty()) {
            throw new AssertionError("outbound connections (only loopback is allowed) while "
                    + context.getDisplayName() + " ran: " + fresh);
        }
    }
}
