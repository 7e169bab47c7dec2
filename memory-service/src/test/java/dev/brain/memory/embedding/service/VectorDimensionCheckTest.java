package dev.brain.memory.embedding.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import io.quarkus.test.junit.QuarkusTest;

/** The stored dimension is read back from the vector columns; a provider of another dimension cannot start. */
@QuarkusTest
class VectorDimensionCheckTest {

    @Inject
    VectorDimensionCheck check;

    @Test
    void everyVectorColumnHasTheDimensionOfTheFirstMigration() {
        assertThat(check.storedDimensions()).isNotEmpty().containsKey("long_term_node_embedding.embedding")
                .allSatisfy((column, dimension) -> assertThat(dimension).isEqualTo(384));
    }

    @Test
    void matchingProviderPasses() {
        assertThatCode(() -> check.verify("all-minilm-l6-v2-q", 384)).doesNotThrowAnyException();
    }

    @Test
    void providerOfAnotherDimensionFailsWithAClearMessage() {
        assertThatThrownBy(() -> check.verify("nomic-embed-text", 768))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Embedding dimension mismatch: this database stores 384-dimensional vectors")
                .hasMessageContaining("model nomic-embed-text")
                .hasMessageContaining("produces 768");
    }
}
