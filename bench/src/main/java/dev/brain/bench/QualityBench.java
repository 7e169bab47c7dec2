package dev.brain.bench;

import java.nio.file.Path;
import java.util.Map;

/**
 * {@code ./brain bench quality}: recall judged on text nobody here wrote, side by side with a plain baseline in the
 * same run (issue 40). The knowledge library on its paraphrase set ({@link KnowledgeQualityBench}; {@code --knowledge
 * false} skips it); error search on the dev corpus ({@link ErrorSearchQualityBench}; {@code --error-search false}
 * skips it). Long-term memory on LoCoMo ({@code --locomo DIR}, {@link LocomoBench}; {@code --locomo-max N}
 * the first N conversations); {@code --explore true} adds offline variants of the fusion to the LoCoMo table.
 */
final class QualityBench {

    private final Map<String, String> options;
    private final ErrorStores stores;

    QualityBench(Map<String, String> options, ErrorStores stores) {
        this.options = options;
        this.stores = stores;
    }

    void run() throws Exception {
        int gatewayPort = Integer.parseInt(options.getOrDefault("gateway-port", "8080"));
        int memoryPort = Integer.parseInt(options.getOrDefault("memory-port", "9102"));
        if (!"false".equals(options.get("knowledge"))) {
            new KnowledgeQualityBench(gatewayPort, stores::connect, memoryPort,
                    Boolean.parseBoolean(options.getOrDefault("explore", "false"))).run();
        }
        if (!"false".equals(options.get("error-search"))) {
            new ErrorSearchQualityBench(gatewayPort, stores::connect, java.nio.file.Path.of(options.getOrDefault("corpus",
                    "error-service/src/test/resources/corpus/errors-dev.jsonl"))).run();
        }
        String locomo = options.get("locomo");
        if (locomo == null) {
            System.out.println("\n(quality, long-term memory: skipped — give --locomo DIR, a folder of LoCoMo conversations)");
        } else {
            new LocomoBench(gatewayPort, memoryPort, Path.of(locomo), stores::connect,
                    Boolean.parseBoolean(options.getOrDefault("explore", "false")),
                    Integer.parseInt(options.getOrDefault("locomo-max", "100")),
                    Boolean.parseBoolean(options.getOrDefault("locomo-offline", "false"))).run();
        }
    }
}
