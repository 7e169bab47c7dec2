package dev.brain.research.config;

import java.time.Clock;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import io.quarkus.arc.DefaultBean;

/** The service's clock (UTC); every time column is written from it, never from a database default. */
@Singleton
public class Clocks {

    @Produces
    @Singleton
    @DefaultBean
    Clock clock() {
        return Clock.systemUTC();
    }
}
