package dev.brain.memory.embedding.provider;

import java.util.List;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;

/**
 * The default provider: all-MiniLM-L6-v2 (quantized) running in-process on ONNX Runtime, 384 dimensions.
 * The model ships inside a Maven Central jar; nothing is downloaded. DJL's usage tracking is switched off
 * before the tokenizer library loads (it would otherwise probe a cloud metadata address at start).
 */
public final class OnnxEmbeddingProvider implements EmbeddingProvider {

    public static final int DIMENSION = 384;

    static {
        // DJL reads these from the environment or, failing that, from system properties.
        System.setProperty("OPT_OUT_TRACKING", "true");
        System.setProperty("ai.djl.offline", "true");
    }

    private final AllMiniLmL6V2QuantizedEmbeddingModel model = new AllMiniLmL6V2QuantizedEmbeddingModel();

    @Override
    public String model() {
        return "all-minilm-l6-v2-q";
    }

    @Override
    public int dimension() {
        return DIMENSION;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
        List<TextSegment> segments = texts.stream().map(TextSegment::from).toList();
        return model.embedAll(segments).content().stream().map(e -> e.vector()).toList();
    }
}
