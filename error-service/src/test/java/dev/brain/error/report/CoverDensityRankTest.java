package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.brain.error.report.repository.CandidateRepository;
import dev.brain.error.support.Corpus;
import dev.brain.error.support.ErrorServiceTestBase;
import io.quarkus.test.junit.QuarkusTest;

/**
 * {@link CoverDensityRank} equals the database's {@code ts_rank_cd(v, q, 32)} for the OR queries of §5.7, bit for
 * bit: over corpus-made vectors of all four weights against every corpus error's first line as the query, and over vectors of
 * odd text forms (quotes, backslashes, lexemes without positions, positions at the 16,383 cap).
 */
@QuarkusTest
class CoverDensityRankTest extends ErrorServiceTestBase {

    record Ranked(String vector, Set<String> lexemes, double sql) {
    }

    private static void assertSameRanks(List<Ranked> ranked) {
        List<String> different = new ArrayList<>();
        for (Ranked r : ranked) {
            double java = CoverDensityRank.rank(r.vector(), r.lexemes());
            if (java != r.sql()) {
                different.add(r.vector() + " | " + r.lexemes() + ": java " + java + ", sql " + r.sql());
            }
        }
        assertThat(different).isEmpty();
    }

    @Test
    void equalsTsRankCdForEveryCorpusQueryAgainstEveryCorpusVector() {
        // one report of each of the corpus' known errors
        List<String> outputs = Corpus.firstOutputs();
        int n = outputs.size();
        String[] a = new String[n];
        String[] b = new String[n];
        String[] c = new String[n];
        String[] d = outputs.toArray(String[]::new);
        for (int i = 0; i < n; i++) {
            a[i] = d[i].lines().filter(l -> !l.isBlank()).findFirst().orElse("");
            b[i] = d[(i + 1) % n].lines().findFirst().orElse("");
            c[i] = "while fixing " + d[(i + 7) % n].lines().findFirst().orElse("");
        }
        // the queries: each error's first line, as pasted
        String[] queries = a;
        List<Ranked> ranked = jdbc.list("""
                select v.v::text, q.lexemes, ts_rank_cd(v.v, q.q, 32)
                from (select setweight(to_tsvector('simple', a), 'A') || setweight(to_tsvector('simple', b), 'B')
                             || setweight(to_tsvector('simple', c), 'C') || setweight(to_tsvector('simple', d), 'D') as v
                      from unnest(?::text[], ?::text[], ?::text[], ?::text[]) x(a, b, c, d)) v
                cross join unnest(?::text[]) qt(t)
                cross join lateral (%s) q""".formatted(CandidateRepository.lexemeQuery("|").replace("?", "qt.t")),
                rs -> new Ranked(rs.getString(1), Set.copyOf(List.of((String[]) rs.getArray(2).getArray())),
                        rs.getFloat(3)),
                a, b, c, d, queries);

        assertThat(ranked).hasSize(n * n);
        assertSameRanks(ranked);
        assertThat(ranked.stream().filter(r -> r.sql() > 0).count()).isGreaterThan(5000);
        assertThat(ranked.stream().map(Ranked::sql).distinct().count()).isGreaterThan(100);
    }

    @Test
    void equalsTsRankCdForOddTextForms() {
        String[] vectors = {
                "'it''s':1A,3 'back\\\\slash':2B 'plain':4C,5,9A",
                "'plain' 'x':1A", // a lexeme without positions
                "'x':1A 'y':16383,16383A 'z':16383B", // positions at the cap, shared by lexemes
                "'x':1,2,3,4,5,6,7,8,9,10C,11B,12A 'colon:word':13A 'a b':14",
                "'x':2A",
        };
        String[][] lexemeSets = {
                { "it's", "back\\slash" }, { "plain" }, { "plain", "x" }, { "x" }, { "y", "z" }, { "colon:word", "a b" },
                { "nothing" },
        };
        List<Ranked> ranked = new ArrayList<>();
        for (String[] lexemes : lexemeSets) {
            ranked.addAll(jdbc.list("""
                    select v::text, ts_rank_cd(v, (select string_agg('''' || replace(replace(l, '\\', '\\\\'), '''', '''''')
                                                   || '''', ' | ')::tsquery from unnest(?::text[]) l), 32)
                    from unnest(?::tsvector[]) v""", rs -> new Ranked(rs.getString(1), Set.of(lexemes), rs.getFloat(2)),
                    lexemes, vectors));
        }

        assertThat(ranked).hasSize(vectors.length * lexemeSets.length);
        assertSameRanks(ranked);
        // the quoted lexemes were read back: 1A + 3 (D) + 2B = 1.5, 1.5 / 2.5
        assertThat(ranked).filteredOn(r -> r.lexemes().contains("it's") && r.vector().contains("it''s"))
                .extracting(Ranked::sql).containsExactly((double) 0.6f);
        assertThat(ranked.stream().filter(r -> r.sql() > 0).count()).isGreaterThanOrEqualTo(8);
    }
}
