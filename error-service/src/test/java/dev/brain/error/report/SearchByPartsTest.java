package dev.brain.error.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.brain.error.support.ErrorServiceTestBase;
import dev.brain.grpc.v1.ErrorHit;
import dev.brain.grpc.v1.ErrorQueryList;
import dev.brain.grpc.v1.QueryErrorsRequest;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The error full text finds identifiers whole and by their parts (error-code.md §5.9; V7's {@code searchable_words}),
 * through the real {@code QueryErrors}.
 */
@QuarkusTest
class SearchByPartsTest extends ErrorServiceTestBase {

    static final String PAYMENT = """
            java.lang.IllegalStateException: card declined
            \tat com.acme.billing.PaymentClient.charge(PaymentClient.java:42)
            \tat com.acme.shop.Checkout.run(Checkout.java:10)
            """;
    static final String USERS = """
            TypeError: Cannot read properties of undefined (reading 'map')
                at loadUsers (/home/alice/app/src/api/users.ts:10:3)
            """;
    static final String REPO = "./store/main.go:28:19: undefined: UserRepoV2\n";
    static final String DATABASE = "Error: connect ECONNREFUSED 10.0.0.7:5432\n    at TCPConnectWrap.afterConnect (node:net:1:1)\n";

    /** The ids of the full-text list's hits for {@code query}, best first. */
    private List<Long> fullTextHits(String query) {
        return errors().queryErrors(QueryErrorsRequest.newBuilder().setQuery(query).setLimit(50).build()).getHitsList()
                .stream().filter(h -> h.getListsList().contains(ErrorQueryList.ERROR_QUERY_LIST_FULL_TEXT))
                .map(ErrorHit::getError).map(e -> e.getId()).toList();
    }

    @Test
    void dottedFunctionNamesAreFoundByTheirClassItsWordsAndTheMethod() {
        long payment = report("shop", PAYMENT).getError().getId();
        long users = report("shop", USERS).getError().getId();
        for (String query : List.of("PaymentClient", "payment client", "charge", "com.acme.billing.PaymentClient.charge",
                "billing")) {
            assertThat(fullTextHits(query)).as(query).containsExactly(payment);
        }
        assertThat(fullTextHits("users")).as("users").doesNotContain(payment).contains(users);
    }

    @Test
    void slashedFileNamesAreFoundByTheFileAndItsName() {
        long users = report("shop", USERS).getError().getId();
        long payment = report("shop", PAYMENT).getError().getId();
        for (String query : List.of("users.ts", "users", "src/api/users.ts", "api")) {
            assertThat(fullTextHits(query)).as(query).containsExactly(users);
        }
        assertThat(fullTextHits("PaymentClient.java")).containsExactly(payment);
    }

    @Test
    void camelCaseNamesAreFoundWholeAndByTheirWords() {
        long repo = report("shop", REPO).getError().getId();
        report("shop", USERS);
        for (String query : List.of("UserRepoV2", "user repo", "repo")) {
            assertThat(fullTextHits(query)).as(query).containsExactly(repo);
        }
    }

    @Test
    void portsAndErrorCodesAreFound() {
        long database = report("shop", DATABASE).getError().getId();
        report("shop", DATABASE.replace("5432", "6379"));
        report("shop", USERS);
        assertThat(fullTextHits("10.0.0.9:5432")).containsExactly(database); // the address is templated, the port kept
        assertThat(fullTextHits("ECONNREFUSED")).hasSize(2).contains(database);
        assertThat(fullTextHits("afterConnect")).hasSize(2).contains(database);
    }

    @Test
    void searchableWordsAddPartsButNoPlaceholdersAndKeepAPlainWordsPositions() {
        assertThat(lexemes("at <PATH>/users.ts:<LINE>:<COL> (<NUM>)"))
                .containsExactlyInAnyOrder("at", "/users.ts", "users.ts", "users", "ts");
        assertThat(lexemes("com.acme.billing.PaymentClient.charge")).containsExactlyInAnyOrder(
                "com.acme.billing.paymentclient.charge", "com", "acme", "billing", "paymentclient", "payment", "client",
                "charge");
        assertThat(lexemes("Outer$Inner.run shop::orders::Handler HTTPSConnectionPool")).contains("inner.run",
                "inner", "run", "handler", "httpsconnectionpool", "https", "connection", "pool");
        assertThat(jdbc.one("select searchable_words(?) = to_tsvector('simple', ?)", rs -> rs.getBoolean(1),
                "cannot read properties of undefined", "cannot read properties of undefined").orElseThrow()).isTrue();
    }

    private List<String> lexemes(String text) {
        return jdbc.list("select lexeme from unnest(searchable_words(?))", rs -> rs.getString(1), text);
    }
}
