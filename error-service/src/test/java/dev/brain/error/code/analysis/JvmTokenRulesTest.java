package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmTokenRulesTest {

    @Test
    void kotlinExportsNonPrivateTopLevelDeclarationsAndPrimaryTypeFunctions() {
        String source = """
                package dev.acme.cache

                import kotlin.math.max
                import dev.acme.core.Clock
                import io.ktor.client.HttpClient as Client

                data class Entry(val key: String, val value: Int)

                class Cache(private val capacity: Int) {
                    private val items = HashMap<String, Entry>()

                    fun get(key: String): Entry? = items[key]

                    fun put(entry: Entry) {
                        items[entry.key] = entry
                    }

                    private fun evict() {}
                }

                fun <T> List<T>.second(): T = this[1]

                internal fun hidden() {}

                val DEFAULT_CAPACITY = 16

                typealias Key = String
                """;
        Structure s = structure(source, "kotlin", "src/main/kotlin/dev/acme/cache/Cache.kt");
        assertThat(names(s)).containsExactly("Entry", "Cache", "get", "put", "second", "DEFAULT_CAPACITY", "Key");
        assertThat(export(s, "get").member()).isTrue();
        assertThat(export(s, "second").member()).isFalse();
        assertThat(export(s, "Entry").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(text(source, export(s, "put")))
                .isEqualTo("fun put(entry: Entry) {\n        items[entry.key] = entry\n    }");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("kotlin.math.max");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly("dev.acme.core.Clock");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("io.ktor.client.HttpClient");
        assertThat(s.importedNames()).contains("max", "Clock", "Client");
    }

    @Test
    void membersOfAKotlinObjectStandAlone() {
        Structure s = structure("object Strings {\n    fun reverse(s: String) = s.reversed()\n}\n", "kotlin", "");
        assertThat(export(s, "reverse").member()).isFalse();
    }
}
