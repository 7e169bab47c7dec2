package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GenericRulesTest {

    @Test
    void linesStartingWithAnExportWordExportTheNextName() {
        String source = """
                require 'json'
                def greet(name)
                  "hi #{name}"
                end
                public helper
                  call(x)
                """;
        Structure s = structure(source, "ruby", "lib/greet.rb");
        assertThat(names(s)).containsExactly("greet", "helper");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("'json'");
    }

    @Test
    void cIncludesAreStandardWithAngleBracketsAndInternalWithQuotes() {
        Structure s = structure("#include <stdio.h>\n#include \"util.h\"\nint main() { return 0; }\n", "c",
                "main.c");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("<stdio.h>");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly("\"util.h\"");
        assertThat(s.exports()).isEmpty();
    }
}
