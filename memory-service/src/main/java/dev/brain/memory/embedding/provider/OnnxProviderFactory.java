package dev.brain.memory.embedding.provider;

import jakarta.inject.Singleton;

import io.quarkus.arc.Unremovable;
import io.quarkus.arc.properties.UnlessBuildProperty;

/**
 * Creates the in-process {@link OnnxEmbeddingProvider}. A bean only in builds that include the model: a native image
 * ({@code quarkus.native.enabled}, so {@code brain.build.onnx-excluded=true} in application.properties) leaves it
 * out, and with it every reference to ONNX Runtime and the DJL tokenizer (both load native libraries through JNI,
 * which native-image cannot compile). Such a build embeds with the {@code openai} provider.
 */
@Singleton
@Unremovable
@UnlessBuildProperty(name = "brain.build.onnx-excluded", stringValue = "true", enableIfMissing = true)
public class OnnxProviderFactory {

    public EmbeddingProvider create() {
        return new OnnxEmbeddingProvider();
    }
}
