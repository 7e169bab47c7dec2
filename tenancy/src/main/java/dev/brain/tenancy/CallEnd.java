package dev.brain.tenancy;

import java.util.concurrent.atomic.AtomicBoolean;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;

/**
 * Starts a gRPC call so that one step runs exactly once when the call ends, whichever way comes first: the service
 * closes it (answer or failure), the client cancels it (gone, deadline; such a call may never be closed), it
 * completes, or it fails to start. Server interceptors that hold something for the length of a call use it
 * ({@code InFlightCalls}' count, error-service's concurrency permits).
 */
public final class CallEnd {

    private CallEnd() {
    }

    public static <Q, R> ServerCall.Listener<Q> startCall(ServerCall<Q, R> call, Metadata headers,
            ServerCallHandler<Q, R> next, Runnable onEnd) {
        AtomicBoolean ended = new AtomicBoolean();
        Runnable once = () -> {
            if (ended.compareAndSet(false, true)) {
                onEnd.run();
            }
        };
        ServerCall<Q, R> closing = new SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                try {
                    super.close(status, trailers);
                } finally {
                    once.run();
                }
            }
        };
        ServerCall.Listener<Q> listener;
        try {
            listener = next.startCall(closing, headers);
        } catch (RuntimeException | Error e) {
            once.run();
            throw e;
        }
        return new SimpleForwardingServerCallListener<>(listener) {
            @Override
            public void onCancel() {
                try {
                    super.onCancel();
                } finally {
                    once.run();
                }
            }

            @Override
            public void onComplete() {
                try {
                    super.onComplete();
                } finally {
                    once.run();
                }
            }
        };
    }
}
