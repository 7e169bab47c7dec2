package dev.brain.gateway.rest;

import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;

import io.quarkus.jackson.ObjectMapperCustomizer;

/**
 * JSON is read as written: a body with anything after its value ({@code {"error_output":"x"} garbage}), a number
 * where text belongs ({@code "error_output": 123}), a fraction where a whole number belongs ({@code "exit_code": 1.5},
 * an MCP {@code error_id} of 1.5), a number or a word where a switch belongs ({@code "resolved": 2}, {@code "maybe"})
 * is refused with a 400 naming the field ({@link ErrorMappers#mismatchedJson}) instead of being read as something
 * else. A number written as text ({@code "limit": "5"}) is still read as the number it says, which some MCP clients
 * send. The MCP server converts tool arguments with this mapper too.
 */
@Singleton
class StrictJson implements ObjectMapperCustomizer {

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
        for (CoercionInputShape scalar : new CoercionInputShape[] { CoercionInputShape.Integer, CoercionInputShape.Float,
                CoercionInputShape.Boolean }) {
            mapper.coercionConfigFor(LogicalType.Textual).setCoercion(scalar, CoercionAction.Fail);
        }
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
    }
}
