package dev.brain.memory.embedding.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.junit.QuarkusTest;

/** The default in-process model (all-MiniLM-L6-v2): deterministic, and it knows a paraphrase from an unrelated text. */
@QuarkusTest
class EmbedderTest {

    /** Each pair says the same thing in other words; no two pairs share a topic. */
    static final String[][] PARAPHRASES = {
            { "The build failed because a dependency could not be downloaded.",
                    "Compilation broke since a required package was not fetched." },
            { "How do I reverse a list in Python?", "What is the way to invert the order of a Python list?" },
            { "The database connection timed out after thirty seconds.",
                    "After 30 s the connection to the DB gave up waiting." },
            { "She loves hiking in the mountains on weekends.",
                    "On Saturdays and Sundays she enjoys walking trails in the hills." },
            { "Add an index to speed up the slow query.", "Creating an index will make that sluggish query faster." },
            { "The cat is sleeping on the sofa.", "A kitten is napping on the couch." },
            { "Restart the server to apply the new configuration.",
                    "The new settings take effect after rebooting the server." },
            { "The meeting has been moved to Thursday afternoon.", "We rescheduled the meeting for Thursday after lunch." },
            { "This function returns null when the user is not found.",
                    "If no user exists, the method gives back a null value." },
            { "It is raining heavily in London today.", "London is having a downpour this day." },
            { "Memory usage grows until the process is killed.",
                    "The program's RAM consumption keeps rising until it gets terminated." },
            { "Please review my pull request before Friday.", "Could you look over my PR by the end of the week?" },
            { "The recipe needs two cups of flour and one egg.", "You need 2 cups of flour and an egg for this dish." },
            { "Our team won the football match yesterday.", "We beat the other side in soccer last night." },
            { "Encrypt the passwords before storing them.", "Passwords must be hashed before they are saved." },
            { "The train to Berlin is delayed by an hour.", "The Berlin train will arrive sixty minutes late." },
            { "I forgot my umbrella at the office.", "My umbrella was left behind at work." },
            { "The test suite takes too long to run.", "Running all the tests is far too slow." },
            { "He is learning to play the guitar.", "He's taking guitar lessons." },
            { "The invoice must be paid within thirty days.", "Payment of the bill is due in 30 days." },
    };

    @Inject
    Embedder embedder;

    @Test
    void identicalTextGivesIdenticalVector() {
        String text = "NullPointerException in OrderService.place";
        float[] first = embedder.embed(List.of(text)).get(0);
        float[] again = embedder.embed(List.of("something else", text)).get(1);
        assertThat(again).containsExactly(first);
        assertThat(first).hasSize(384);
        assertThat(embedder.model()).isEqualTo("all-minilm-l6-v2-q");
    }

    @Test
    void cachedAndUncachedVectorsAreTheSame() {
        String text = "cache check " + System.nanoTime();
        float[] computed = embedder.embed(List.of(text)).get(0);
        float[] fresh = new Embedder(new dev.brain.memory.embedding.provider.OnnxEmbeddingProvider(), 0)
                .embed(List.of(text)).get(0);
        assertThat(fresh).containsExactly(computed);
    }

    @Test
    void everyParaphraseScoresHigherThanEveryUnrelatedSentence() {
        List<String> texts = new ArrayList<>();
        for (String[] pair : PARAPHRASES) {
            texts.add(pair[0]);
            texts.add(pair[1]);
        }
        List<float[]> vectors = embedder.embed(texts);
        for (int i = 0; i < PARAPHRASES.length; i++) {
            float[] original = vectors.get(2 * i);
            double paraphrase = cosine(original, vectors.get(2 * i + 1));
            for (int j = 0; j < PARAPHRASES.length; j++) {
                if (j != i) {
                    double unrelated = cosine(original, vectors.get(2 * j + 1));
                    assertThat(paraphrase).as("'%s' vs its paraphrase (%.3f) and vs '%s' (%.3f)", PARAPHRASES[i][0],
                            paraphrase, PARAPHRASES[j][1], unrelated).isGreaterThan(unrelated);
                }
            }
        }
    }

    @Test
    void batchLimitsAreExplicit() {
        assertInvalid(List.of(), "texts:");
        assertInvalid(Collections.nCopies(Embedder.MAX_TEXTS + 1, "x"), "texts: 257 texts");
        assertInvalid(List.of("fine", "  "), "texts[1]: empty");
        assertInvalid(List.of("é".repeat(4097)), "texts[0]: 8194 bytes");
        assertThat(embedder.embed(List.of("a\u0000b")).get(0)).containsExactly(embedder.embed(List.of("ab")).get(0));
    }

    private void assertInvalid(List<String> texts, String description) {
        assertThatThrownBy(() -> embedder.embed(texts)).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT);
            assertThat(e.getStatus().getDescription()).startsWith(description);
        });
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0, na = 0, nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }
}
