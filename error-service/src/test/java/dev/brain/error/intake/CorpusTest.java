package dev.brain.error.intake;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.brain.error.support.Corpus;

import static org.assertj.core.api.Assertions.assertThat;

/** Spec §18 item 2: {@code corpus/errors-dev.jsonl} — re-occurrences match their row, different templates differ. */
class CorpusTest {

    @Test
    void corpusFingerprintsAreExact() {
        Map<String, JsonNode> rows = new LinkedHashMap<>();
        Map<String, String> fingerprints = new HashMap<>();
        for (JsonNode n : Corpus.rows()) {
            String id = n.get("id").asText();
            rows.put(id, n);
            fingerprints.put(id, AnalyzedError.of(n.get("raw_output").asText()).fingerprint());
        }
        assertThat(rows).hasSize(1000);
        List<String> failures = new ArrayList<>();
        Map<String, String> templateOf = new HashMap<>();
        int pairs = 0;
        for (Map.Entry<String, JsonNode> e : rows.entrySet()) {
            String id = e.getKey();
            JsonNode n = e.getValue();
            String fp = fingerprints.get(id);
            JsonNode same = n.get("expect_same_as");
            if (same != null && !same.isNull()) {
                pairs++;
                if (!fp.equals(fingerprints.get(same.asText()))) {
                    failures.add(id + " should equal " + same.asText());
                }
            }
            String template = n.get("template").asText();
            String previous = templateOf.putIfAbsent(fp, template);
            if (previous != null && !previous.equals(template)) {
                failures.add(id + " (" + template + ") collides with template " + previous);
            }
        }
        assertThat(pairs).isGreaterThan(800);
        assertThat(failures).isEmpty();
    }
}
