package dev.brain.gateway.auth;

import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import java.lang.annotation.Retention;
import java.lang.annotation.Target;

import jakarta.enterprise.util.Nonbinding;
import jakarta.interceptor.InterceptorBinding;

/**
 * The scope an MCP tool, REST endpoint or hook needs; {@link ScopeGuard} checks it before the method runs. Every
 * tool and endpoint declares one (the scope table test fails for one that does not).
 */
@InterceptorBinding
@Retention(RUNTIME)
@Target({ METHOD, TYPE })
public @interface RequiresScope {

    @Nonbinding
    TokenScope value();
}
