package dev.brain.tenancy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

import com.google.protobuf.DescriptorProtos.MethodOptions;
import com.google.protobuf.Descriptors;

import io.grpc.MethodDescriptor;
import io.grpc.protobuf.ProtoMethodDescriptorSupplier;

/**
 * The scope each RPC declares with {@code option (brain.v1.required_scope)} (common.proto), read once per method
 * from its proto descriptor, as a level: 1 read, 2 write, 3 admin, 4 system (the numbers of {@code AccessScope}).
 * An RPC that declares none needs system: forgetting the option locks the RPC down instead of opening it.
 * <p>
 * This library does not generate the proto classes (each service does), so the option is read by its field number.
 */
final class RequiredScopes {

    /** The field number of {@code required_scope} in common.proto. */
    static final int OPTION = 51000;
    static final int READ = 1;
    static final int SYSTEM = 4;
    private static final List<String> NAMES = List.of("none", "read", "write", "admin", "system");

    private final Map<String, Integer> byMethod = new ConcurrentHashMap<>();

    int of(MethodDescriptor<?, ?> method) {
        return byMethod.computeIfAbsent(method.getFullMethodName(), name -> declared(method));
    }

    /** The level an RPC declares, or system when it declares none. */
    static int declared(MethodDescriptor<?, ?> method) {
        return declaredLevel(method).orElse(SYSTEM);
    }

    /** The level an RPC declares, if it declares one. */
    static Optional<Integer> declaredLevel(MethodDescriptor<?, ?> method) {
        if (method.getSchemaDescriptor() instanceof ProtoMethodDescriptorSupplier proto) {
            int level = level(proto.getMethodDescriptor().getOptions());
            if (level >= READ && level <= SYSTEM) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    private static int level(MethodOptions options) {
        for (Map.Entry<Descriptors.FieldDescriptor, Object> option : options.getAllFields().entrySet()) {
            if (option.getKey().getNumber() == OPTION && option.getValue() instanceof Descriptors.EnumValueDescriptor value) {
                return value.getNumber();
            }
        }
        List<Long> unresolved = options.getUnknownFields().hasField(OPTION)
                ? options.getUnknownFields().getField(OPTION).getVarintList()
                : List.of();
        return unresolved.isEmpty() ? 0 : unresolved.get(unresolved.size() - 1).intValue();
    }

    /**
     * {@code read}, {@code write}, {@code admin}, {@code system} ({@code none} for 0): a level's name in tokens and messages.
     */
    static String name(int level) {
        return NAMES.get(level);
    }

    /** The level of a scope's name in a token, 0 for a name that is none of them. */
    static int level(String name) {
        int level = NAMES.indexOf(name);
        return Math.max(level, 0);
    }
}
