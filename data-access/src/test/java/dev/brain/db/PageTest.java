package dev.brain.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

class PageTest {

    @Test
    void aPageReadsOneRowMoreToKnowWhetherAnotherFollows() {
        Page page = new Page(2, 4);
        assertThat(page.fetch()).isEqualTo(3);
        assertThat(page.rows(List.of("a", "b", "c"))).containsExactly("a", "b");
        assertThat(page.nextToken(3)).isEqualTo("6");
        assertThat(page.rows(List.of("a"))).containsExactly("a");
        assertThat(page.nextToken(2)).isEmpty();
    }

    @Test
    void theTokenIsTheOffsetOfTheNextPage() {
        assertThat(Page.offset("")).isZero();
        assertThat(Page.offset("14")).isEqualTo(14);
        assertThatThrownBy(() -> Page.offset("-3")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("page_token is not valid");
        assertThatThrownBy(() -> Page.offset("x")).hasMessage("page_token is not valid");
    }
}
