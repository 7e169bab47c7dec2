package dev.brain.error.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The corpus {@code corpus/errors-dev.jsonl} (spec §18): 1,000 reports of 127 known errors, each row with its
 * {@code raw_output}, {@code id}, {@code expect_same_as} and {@code template} (the known error's id).
 */
public final class Corpus {

    private Corpus() {
    }

    /** Every row, in file order. */
    public static List<JsonNode> rows() {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> rows = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Corpus.class.getResourceAsStream("/corpus/errors-dev.jsonl"), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                if (!line.isBlank()) {
                    rows.add(json.readTree(line));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return rows;
    }

    /** The raw output of each known error's first report, in file order. */
    public static List<String> firstOutputs() {
        Map<String, String> first = new LinkedHashMap<>();
        for (JsonNode row : rows()) {
            first.putIfAbsent(row.get("template").asText(), row.get("raw_output").asText());
        }
        return List.copyOf(first.values());
    }
}
