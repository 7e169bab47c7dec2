package dev.brain.tenancy;

import jakarta.enterprise.context.ApplicationScoped;

import com.google.protobuf.Message;

import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.quarkus.grpc.GlobalInterceptor;

/** Applies {@link RequestText}'s rule to every request message a Brain service receives, from any caller. */
@ApplicationScoped
@GlobalInterceptor
public class RequestTextInterceptor implements ServerInterceptor {

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(call, headers)) {
            @Override
            @SuppressWarnings("unchecked")
            public void onMessage(Q message) {
                super.onMessage(message instanceof Message m ? (Q) RequestText.clean(m) : message);
            }
        };
    }
}
