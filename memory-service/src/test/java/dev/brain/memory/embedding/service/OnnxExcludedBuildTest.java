package dev.brain.memory.embedding.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.brain.memory.embedding.config.EmbeddingConfig;
import dev.brain.memory.embedding.provider.OnnxProviderFactory;
import io.quarkus.arc.Arc;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * The build a native image gets (brain.build.onnx-excluded=true, set from quarkus.native.enabled): the in-process
 * model's bean is not in the application, so nothing reaches ONNX Runtime or the tokenizer, another provider embeds,
 * and asking for onnx fails the start with a message that names the way out.
 */
@QuarkusTest
@TestProfile(OnnxExcludedBuildTest.WithoutOnnx.class)
class OnnxExcludedBuildTest {

    public static class WithoutOnnx implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("brain.build.onnx-excluded", "true", "brain.embedding.provider", "hash");
        }
    }

    @Inject
    Embedder embedder;

    @Inject
    EmbeddingConfig config;

    @Test
    void theOnnxBeanIsLeftOutAtBuildTimeAndAnotherProviderEmbeds() {
        assertThat(Arc.container().select(OnnxProviderFactory.class).isResolvable()).isFalse();
        assertThat(embedder.model()).isEqualTo("hash-384");
        assertThat(embedder.embed(List.of("NullPointerException in OrderService")).get(0)).hasSize(384);
    }

    @Test
    void onnxWithoutTheModelInTheBuildNamesTheOpenaiProvider() {
        EmbeddingConfig onnx = (EmbeddingConfig) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] { EmbeddingConfig.class }, (proxy, method, args) -> method.getName().equals("provider")
                        ? EmbeddingConfig.Provider.ONNX
                        : method.invoke(config, args));
        assertThatThrownBy(() -> Embedder.create(onnx, new ObjectMapper(), null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("this build has no in-process model")
                .hasMessageContaining("BRAIN_EMBEDDING_PROVIDER) to openai");
    }
}
