package dev.brain.error.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The corpora of {@code src/test/resources/corpus}, copies of the team's test data (spec §18):
 * {@code corpus/errors-dev.jsonl}, 1,000 reports of 127 known errors,
 * each row with its {@code raw_output}, {@code id}, {@code expect_same_as} and {@code template} (the known error's id);
 * and {@code corpus/errors-distinct-20k.jsonl.gz}, 20,000 rows that are each a different error.
 */
public final class Corpus {

    private Corpus() {
    }

    /** Every row of the dev corpus, in file order. */
    public static List<JsonNode> rows() {
        return read("/corpus/errors-dev.jsonl");
    }

    /** Every row of the distinct corpus ({@code id}, {@code raw_output}, {@code command}, {@code language}). */
    public static List<JsonNode> distinctRows() {
        return read("/corpus/errors-distinct-20k.jsonl.gz");
    }

    private static List<JsonNode> read(String resource) {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> rows = new ArrayList<>();
        try (InputStream file = Corpus.class.getResourceAsStream(resource);
                BufferedReader in = new BufferedReader(new InputStreamReader(
                        resource.endsWith(".gz") ? new GZIPInputStream(file) : file, StandardCharsets.UTF_8))) {
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
