package dev.brain.error.code.analysis;

import static dev.brain.error.code.analysis.StructureAssertions.export;
import static dev.brain.error.code.analysis.StructureAssertions.names;
import static dev.brain.error.code.analysis.StructureAssertions.specifiers;
import static dev.brain.error.code.analysis.StructureAssertions.structure;
import static dev.brain.error.code.analysis.StructureAssertions.text;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ScriptRulesTest {

    @Test
    void findsEveryEsModuleExportForm() {
        String source = """
                export async function load() {}
                export function* ids() {}
                export abstract class Shape {}
                export const PI = 3.14, E = 2.71;
                export let counter = 0;
                export type Id = string;
                export interface Point { x: number }
                export enum Color { Red }
                export const enum Flag { On }
                function helper() {}
                const internal = 1;
                export { helper, internal as renamed };
                export * as geometry from './geometry';
                """;
        Structure s = structure(source, "typescript", "");
        assertThat(names(s)).containsExactly("load", "ids", "Shape", "PI", "counter", "Id", "Point", "Color",
                "Flag", "helper", "renamed", "geometry");
        assertThat(export(s, "Shape").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(s, "helper").kind()).isEqualTo(Structure.Kind.FUNCTION);
        assertThat(text(source, export(s, "helper"))).isEqualTo("function helper() {}");
        assertThat(text(source, export(s, "renamed"))).isEqualTo("const internal = 1;");
        assertThat(s.exports()).noneMatch(Structure.Export::isDefault);
    }

    @Test
    void recognizesDefaultExports() {
        assertThat(export(structure("export default function main() {}", "javascript", ""), "main").isDefault())
                .isTrue();
        assertThat(export(structure("export default class {}", "javascript", ""), "default").kind())
                .isEqualTo(Structure.Kind.CLASS);
        assertThat(export(structure("export default { a: 1 };", "javascript", ""), "default").isDefault()).isTrue();
        Structure reference = structure("class Store {}\nexport default Store;", "javascript", "");
        assertThat(export(reference, "Store").isDefault()).isTrue();
        assertThat(export(reference, "Store").kind()).isEqualTo(Structure.Kind.CLASS);
        assertThat(export(structure("function a() {}\nexport { a as default };", "javascript", ""), "a")
                .isDefault()).isTrue();
    }

    @Test
    void readsCommonJsExports() {
        String source = """
                function chunk(items, size) { return []; }
                const isEmail = (s) => true;
                module.exports = { chunk, isEmail, answer: 42 };
                exports.version = '1.0';
                module.exports.extra = () => 1;
                """;
        Structure s = structure(source, "javascript", "");
        assertThat(names(s)).containsExactly("chunk", "isEmail", "answer", "version", "extra");
        assertThat(text(source, export(s, "chunk"))).isEqualTo("function chunk(items, size) { return []; }");
        Structure single = structure("module.exports = function retry() {};", "javascript", "");
        assertThat(export(single, "retry").isDefault()).isTrue();
    }

    @Test
    void classifiesImportsAsInternalStandardOrExternal() {
        String source = """
                import { sleep } from './sleep';
                import type { Config } from '../config';
                import fs from 'fs';
                import { readFile } from 'node:fs/promises';
                import * as path from 'path';
                import React, { useState as useLocalState } from 'react';
                import 'reflect-metadata';
                const _ = require('lodash');
                const { join } = require('path/posix');
                const lazy = () => import('./lazy');
                export { format } from 'date-fns';
                """;
        Structure s = structure(source, "typescript", "");
        assertThat(specifiers(s, Structure.Origin.INTERNAL)).containsExactlyInAnyOrder("./sleep", "../config",
                "./lazy");
        assertThat(specifiers(s, Structure.Origin.STANDARD)).containsExactlyInAnyOrder("fs", "node:fs/promises",
                "path", "path/posix");
        assertThat(specifiers(s, Structure.Origin.EXTERNAL)).containsExactlyInAnyOrder("react", "reflect-metadata",
                "lodash", "date-fns");
        assertThat(s.importedNames()).contains("sleep", "Config", "fs", "readFile", "path", "React",
                "useLocalState", "_", "join").doesNotContain("useState");
    }

    @Test
    void importsInsideStringsAndCommentsAreIgnored() {
        Structure s = structure("// import x from 'a'\nconst s = \"import y from 'b'\";\n/* require('c') */",
                "javascript", "");
        assertThat(s.imports()).isEmpty();
        assertThat(s.exports()).isEmpty();
    }
}
