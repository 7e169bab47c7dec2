package dev.brain.error.intake;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.Corpus;
import dev.brain.error.support.ErrorServiceTestBase;
import io.quarkus.test.junit.QuarkusTest;

/** {@link Trigrams#similarity} equals pg_trgm's {@code similarity()} of the database, bit for bit. */
@QuarkusTest
class TrigramsTest extends ErrorServiceTestBase {

    @Test
    void similarityEqualsPgTrgmOnEveryPairOfCorpusTemplates() {
        Set<String> texts = new LinkedHashSet<>(List.of("", "a", "ab", "x y z", "  --  ", "Straße ÄÖÜ café naïve",
                "Cannot read properties of undefined (reading 'map')", "cannot READ properties of null",
                "borrow of moved value: `payload`", "user_id=42 ids 1234567890 0xDEADBEEF", "日本語のエラー 123",
                "snake_case_name and camelCaseName", "a-b-c d.e.f", "émoji 🙂 text"));
        // the template of each known error of the corpus, as matching compares them
        Corpus.firstOutputs().forEach(o -> texts.add(AnalyzedError.of(o).template()));
        String[] all = texts.toArray(String[]::new);
        record Pair(String a, String b, float sql) {
        }
        List<Pair> pairs = jdbc.list("select a, b, similarity(a, b) from unnest(?::text[]) a, unnest(?::text[]) b",
                rs -> new Pair(rs.getString(1), rs.getString(2), rs.getFloat(3)), all, all);
        assertThat(pairs).hasSize(all.length * all.length);
        List<String> different = new ArrayList<>();
        for (Pair p : pairs) {
            if (Trigrams.similarity(p.a(), p.b()) != p.sql()) {
                different.add(p.a() + " | " + p.b() + ": java " + Trigrams.similarity(p.a(), p.b()) + ", sql " + p.sql());
            }
        }
        assertThat(different).isEmpty();
        assertThat(pairs.stream().filter(p -> p.sql() > 0 && p.sql() < 1).count()).isGreaterThan(1000);
    }
}
