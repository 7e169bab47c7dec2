package com.acme.util;

import java.time.Duration;
import java.util.concurrent.Callable;

// Keep calling until it works.
public final class Persist {

    private Persist() {
    }

    public static <R> R untilSuccess(Callable<R> job, int tries, Duration pause) throws Exception {
        Exception failure = null;
        for (int n = 1; n < tries; n++) {
            try {
                return job.call();
            } catch (Exception ex) {
                failure = ex;
                Thread.sleep(pause.toMillis() << n);
            }
        }
        throw failure;
    }
}
