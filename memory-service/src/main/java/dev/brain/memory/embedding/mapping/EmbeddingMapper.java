package dev.brain.memory.embedding.mapping;

import java.util.List;

import dev.brain.grpc.v1.EmbedResponse;
import dev.brain.grpc.v1.FloatVector;

/** Vectors ↔ {@code EmbedResponse}. */
public final class EmbeddingMapper {

    private EmbeddingMapper() {
    }

    public static EmbedResponse toResponse(String model, int dimension, List<float[]> vectors) {
        EmbedResponse.Builder response = EmbedResponse.newBuilder().setModel(model).setDimension(dimension);
        for (float[] vector : vectors) {
            FloatVector.Builder values = FloatVector.newBuilder();
            for (float value : vector) {
                values.addValues(value);
            }
            response.addVectors(values);
        }
        return response.build();
    }

    public static float[] toArray(FloatVector vector) {
        float[] values = new float[vector.getValuesCount()];
        for (int i = 0; i < values.length; i++) {
            values[i] = vector.getValues(i);
        }
        return values;
    }
}
