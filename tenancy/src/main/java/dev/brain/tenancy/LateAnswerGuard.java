package dev.brain.tenancy;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.Prioritized;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.quarkus.grpc.GlobalInterceptor;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * Drops the answer of a call whose client has already given up on it (its deadline passed, it cancelled): on the
 * Vert.x gRPC server that shares the HTTP port, writing to a stream the client has reset fails the whole HTTP/2
 * connection with a GOAWAY (PROTOCOL_ERROR "Request stream N is not correct for server connection"), and with it
 * every other call in flight on that connection, e.g. the gateway's writes for other sessions (quarkusio/quarkus#56268).
 * <p>
 * Every write of a call (headers, messages, close) runs on the call's Vert.x context, the event loop that also handles
 * the client's reset, and only while the call is not cancelled: the test and the write cannot be overtaken by a reset
 * between them. Without a Vert.x context (the separate grpc-java server, which guards this itself) it does nothing.
 * Runs right after {@code InFlightLimit}, so its writes are the last before the transport.
 */
@ApplicationScoped
@GlobalInterceptor
public class LateAnswerGuard implements ServerInterceptor, Prioritized {

    @Override
    public int getPriority() {
        return Integer.MAX_VALUE - 1;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next) {
        Context context = Vertx.currentContext();
        return next.startCall(context == null ? call : new Guarded<>(call, context), headers);
    }

    private static final class Guarded<Q, R> extends SimpleForwardingServerCall<Q, R> {

        private final Context context;

        Guarded(ServerCall<Q, R> call, Context context) {
            super(call);
            this.context = context;
        }

        @Override
        public void sendHeaders(Metadata headers) {
            whileAwaited(() -> delegate().sendHeaders(headers));
        }

        @Override
        public void sendMessage(R message) {
            whileAwaited(() -> delegate().sendMessage(message));
        }

        @Override
        public void close(Status status, Metadata trailers) {
            whileAwaited(() -> delegate().close(status, trailers));
        }

        /** On the event loop, in the order written; dropped once the client has reset the call. */
        private void whileAwaited(Runnable write) {
            context.runOnContext(ignored -> {
                if (!delegate().isCancelled()) {
                    write.run();
                }
            });
        }
    }
}
