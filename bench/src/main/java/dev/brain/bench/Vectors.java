package dev.brain.bench;

import dev.brain.grpc.v1.FloatVector;

/** pgvector's text form of a vector, for a {@code ?::vector} parameter. */
final class Vectors {

    private Vectors() {
    }

    /** {@code [v1,v2,…]}. */
    static String literal(FloatVector v) {
        StringBuilder literal = new StringBuilder("[");
        for (int d = 0; d < v.getValuesCount(); d++) {
            literal.append(d == 0 ? "" : ",").append(v.getValues(d));
        }
        return literal.append(']').toString();
    }
}
