package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JavaRulesTest {

    private static final String SOURCE = """
            package dev.acme.orders;

            import java.util.List;
            import javax.inject.Inject;
            import dev.acme.shared.Money;
            import com.fasterxml.jackson.databind.ObjectMapper;
            import static org.junit.Assert.assertTrue;
            import org.slf4j.*;

            /** Orders. */
            public class OrderService {
                private static int created;
                private static final int LIMIT = 3;

                public OrderService() {
                }

                /** Places an order. */
                @Deprecated
                public Order place(List<String> items) {
                    return new Order();
                }

                public static OrderService create() {
                    return new OrderService();
                }

                void packagePrivate() {
                }

                public void place(String item) {
                }
            }

            class Order {
            }
            """;

    @Test
    void exportsPublicTypesAndThePublicMethodsOfThePrimaryType() {
        Structure s = structure(SOURCE, "java", "src/main/java/dev/acme/orders/OrderService.java");
        assertThat(names(s)).containsExactly("OrderService", "place", "create");
        assertThat(export(s, "OrderService").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "place").member()).isTrue();
        assertThat(export(s, "create").member()).isFalse();
        assertThat(text(SOURCE, export(s, "place"))).startsWith("@Deprecated").endsWith("return new Order();\n    }");
        assertThat(s.mutableStaticField()).isTrue();
    }

    @Test
    void classifiesImportsByPrefixAndBasePackage() {
        Structure s = structure(SOURCE, "java", "OrderService.java");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("java.util.List", "javax.inject.Inject");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly("dev.acme.shared.Money");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly(
                "com.fasterxml.jackson.databind.ObjectMapper", "org.junit.Assert.assertTrue", "org.slf4j.*");
        assertThat(s.importedNames()).contains("List", "Money", "ObjectMapper", "assertTrue");
    }

    @Test
    void interfaceMethodsArePublicAndFinalFieldsAreNotMarkers() {
        String source = """
                public interface Shape {
                    double PI = 3.14;
                    double area();
                    static Shape unit() { return null; }
                    private void hidden() {}
                }
                """;
        Structure s = structure(source, "java", "Shape.java");
        assertThat(names(s)).containsExactly("Shape", "area", "unit");
        assertThat(s.mutableStaticField()).isFalse();
    }

    @Test
    void theTokenRulesTakeOverWhenJavaParserRejectsTheSource() {
        String broken = """
                import java.util.Map;
                import com.acme.Thing;

                public class Broken {
                    private static Map<String, String> cache = null;
                    public String describe(Object o) {
                        return o.toString() +;
                    }
                    public static int twice(int x) { return 2 * x; }
                }
                """;
        assertThat(JavaRules.parse(Lexer.lex(broken, "java"))).isEmpty();
        Structure s = structure(broken, "java", "Broken.java");
        assertThat(names(s)).containsExactly("Broken", "describe", "twice");
        assertThat(export(s, "describe").member()).isTrue();
        assertThat(export(s, "twice").member()).isFalse();
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("com.acme.Thing");
        assertThat(s.mutableStaticField()).isTrue();
    }
}
