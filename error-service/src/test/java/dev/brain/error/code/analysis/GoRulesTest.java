package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GoRulesTest {

    @Test
    void exportsCapitalizedTopLevelDeclarationsAndMethods() {
        String source = """
                package shop

                const (
                	MaxItems = 10
                	minItems = 1
                )

                var Default, fallback = New(), New()

                type (
                	ID string
                	Cart struct {
                		Items []string
                	}
                )

                type Store[K comparable] struct{ data map[K]string }

                func New() *Cart { return &Cart{} }

                func (c *Cart) Add(item string) {
                	c.Items = append(c.Items, item)
                }

                func (c Cart) count() int { return len(c.Items) }

                func helper() {}
                """;
        Structure s = structure(source, "go", "shop/cart.go");
        assertThat(names(s)).containsExactly("MaxItems", "Default", "ID", "Cart", "Store", "New", "Cart.Add");
        assertThat(export(s, "Cart").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "Store").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "ID").kind()).isEqualTo(Structure.Kind.TYPE);
        assertThat(export(s, "Cart.Add").member()).isTrue();
        assertThat(text(source, export(s, "Cart"))).isEqualTo("Cart struct {\n\t\tItems []string\n\t}");
        assertThat(text(source, export(s, "Cart.Add"))).startsWith("func (c *Cart) Add").endsWith("}");
    }

    @Test
    void classifiesImportPaths() {
        String source = """
                package retry

                import "fmt"
                import (
                	"net/http"
                	str "strings"
                	_ "embed"
                	"github.com/acme/shop/pkg/clock"
                	"github.com/pkg/errors"
                	"github.com/redis/go-redis/v9"
                	"./local"
                )
                """;
        Structure s = structure(source, "go", "pkg/retry/retry.go");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("fmt", "net/http", "strings", "embed");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly("github.com/acme/shop/pkg/clock",
                "./local");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("github.com/pkg/errors",
                "github.com/redis/go-redis/v9");
        assertThat(s.importedNames()).contains("fmt", "http", "str", "clock", "errors", "go-redis")
                .doesNotContain("strings", "_", "v9");
    }
}
