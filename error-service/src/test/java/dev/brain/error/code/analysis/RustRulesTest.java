package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RustRulesTest {

    @Test
    void exportsPubItemsButNotCrateVisibleOnes() {
        String source = """
                pub const LIMIT: usize = 8;
                pub(crate) fn internal() {}
                fn private() {}
                pub async fn fetch() {}
                pub const fn square(x: u32) -> u32 { x * x }
                pub trait Store {
                    fn get(&self) -> u32;
                }
                pub type Result<T> = std::result::Result<T, Error>;
                pub mod nested;
                pub enum Error { Io, Parse }
                pub struct Cache { items: Vec<u32> }

                impl Cache {
                    pub fn new() -> Self { Cache { items: vec![] } }
                    fn hidden(&self) {}
                }

                impl std::fmt::Display for Cache {
                    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result { Ok(()) }
                }
                """;
        Structure s = structure(source, "rust", "src/lib.rs");
        assertThat(names(s)).containsExactly("LIMIT", "fetch", "square", "Store", "Result", "nested", "Error",
                "Cache", "Cache.new");
        assertThat(export(s, "Cache").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "Error").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "Cache.new").member()).isTrue();
        assertThat(text(source, export(s, "Store"))).isEqualTo("pub trait Store {\n    fn get(&self) -> u32;\n}");
        assertThat(text(source, export(s, "nested"))).isEqualTo("pub mod nested;");
    }

    @Test
    void classifiesUseDeclarations() {
        String source = """
                use std::collections::HashMap;
                use core::fmt;
                use crate::config::{Config, Mode as RunMode};
                use super::util;
                use self::inner::*;
                use serde::{Deserialize, Serialize};
                use tokio::sync::mpsc::{self, Sender};
                extern crate rand;
                """;
        Structure s = structure(source, "rust", "src/app.rs");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactly("std::collections::HashMap",
                "core::fmt");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactly(
                "crate::config::{Config, Mode as RunMode}", "super::util", "self::inner::*");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactly("serde::{Deserialize, Serialize}",
                "tokio::sync::mpsc::{self, Sender}", "rand");
        assertThat(s.importedNames()).contains("HashMap", "fmt", "Config", "RunMode", "util", "Deserialize",
                "Serialize", "mpsc", "Sender", "rand").doesNotContain("Mode");
    }
}
