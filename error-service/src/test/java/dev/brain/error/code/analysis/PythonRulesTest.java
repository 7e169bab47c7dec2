package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PythonRulesTest {

    @Test
    void exportsPublicTopLevelDefsAndClasses() {
        String source = """
                import os


                def public(a):
                    def nested():
                        pass
                    return a


                async def fetch_all(urls):
                    return urls


                class Cache:
                    def get(self, key):
                        return key


                def _private():
                    pass

                CONSTANT = 1
                """;
        Structure s = structure(source, "python", "pkg/mod.py");
        assertThat(names(s)).containsExactly("public", "fetch_all", "Cache");
        assertThat(export(s, "Cache").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(text(source, export(s, "public"))).isEqualTo("""
                def public(a):
                    def nested():
                        pass
                    return a""");
        assertThat(text(source, export(s, "fetch_all"))).startsWith("async def fetch_all").endsWith("return urls");
    }

    @Test
    void dunderAllDecidesTheExports() {
        String source = """
                __all__ = ["visible", 'CONSTANT']

                def visible():
                    pass

                def also_public_but_not_listed():
                    pass

                CONSTANT = {
                    "a": 1,
                }
                """;
        Structure s = structure(source, "python", "");
        assertThat(names(s)).containsExactly("visible", "CONSTANT");
        assertThat(text(source, export(s, "CONSTANT"))).isEqualTo("CONSTANT = {\n    \"a\": 1,\n}");
    }

    @Test
    void aBlockEndsByIndentationAndMultiLineHeadersOrStringsDoNotEndIt() {
        String source = """
                def f(
                    a,
                    b,
                ):
                    text = \"\"\"
                not indented
                \"\"\"
                # a comment at column 0
                    return a

                x = 1
                """;
        Structure s = structure(source, "python", "");
        assertThat(text(source, export(s, "f"))).endsWith("return a");
    }

    @Test
    void classifiesImports() {
        String source = """
                import os, json as j
                import numpy.linalg as la
                from . import sibling
                from ..core import engine
                from pkg.util import helper
                from requests import (
                    Session,
                    get as http_get,
                )
                from typing import *
                def f():
                    import subprocess
                """;
        Structure s = structure(source, "python", "src/pkg/mod.py");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("os", "json", "typing", "subprocess");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly(".", "..core", "pkg.util");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("numpy.linalg", "requests");
        assertThat(s.importedNames()).contains("os", "j", "la", "sibling", "engine", "helper", "Session",
                "http_get", "subprocess").doesNotContain("json", "get");
    }

    @Test
    void theStandardLibraryIsCPython312s() {
        assertThat(StandardLibraries.PYTHON).contains("tomllib", "zoneinfo", "graphlib", "asyncio", "__future__",
                "_pydatetime").doesNotContain("distutils", "asynchat", "imp", "requests");
    }
}
